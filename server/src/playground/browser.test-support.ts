import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

// Test support for the browser tests of /docs/ and /playground/: the real server as `npm run
// start:dev` runs it (every engine, the demo account, the live stream), Debian's chromium driven by
// playwright-core, axe-core injected into a page, and screenshots under server/.screenshots/.

export const CHROMIUM = '/usr/bin/chromium';
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOT_DIR = join(SERVER_DIR, '.screenshots');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The flags every run uses: no network of Chromium's own, no GPU, no first-run or sync UI. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing: apt-get install chromium`;
}

export function launchChromium(fakeMicrophoneWav?: string): Promise<Browser> {
  const mic = fakeMicrophoneWav
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${fakeMicrophoneWav}`,
      ]
    : [];
  return chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...mic], timeout: 60_000 });
}

export interface RunningServer {
  url: string;
  demoKey: string;
  stop(): Promise<void>;
}

/** Starts src/main.ts on 127.0.0.1, port 0, in a fresh data directory; resolves once it listens. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-browser-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let banner = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const url = /Parley reference server: (\S+)/.exec(banner)?.[1];
      const demoKey = /demo API key\s+(\S+)/.exec(banner)?.[1];
      if (url && demoKey && banner.includes('curl')) resolve({ url, demoKey, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${banner}`)));
  });
}

/** The part of axe-core's global that the injected script defines and this file calls. */
interface AxeGlobal {
  axe: { run(options: object): Promise<{ violations: AxeViolation[] }> };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * axe-core's violations on the page as it is now (WCAG 2.x A and AA rules and best practices), but
 * for the rules named in `disabled` (each caller says why).
 */
export async function axeViolations(page: Page, disabled: string[] = []): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(AXE, 'utf8') });
  const violations = await page.evaluate(
    async (off) =>
      (
        (await (globalThis as unknown as AxeGlobal).axe.run({
          rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])),
        })) as {
          violations: AxeViolation[];
        }
      ).violations,
    disabled,
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

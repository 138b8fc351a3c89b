import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { spawnServer } from './spawned-server.js';

// Test support for the browser tests of /docs/ and /playground/: the real server as `npm run
// start:dev` runs it (spawned-server.ts), axe-core injected into a page, and screenshots
// under server/.screenshots/. The browser comes from @parley/test-browser.

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
export const SCREENSHOT_DIR = join(SERVER_DIR, '.screenshots');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface RunningServer {
  url: string;
  demoKey: string;
  stop(): Promise<void>;
}

/** Starts src/main.ts (spawned-server.ts) in a fresh data directory, removed on stop. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // Under a dot folder, as `npm start` keeps its data in <repo>/.data.
  const parent = mkdtempSync(join(tmpdir(), 'parley-browser-'));
  const dataDir = join(parent, '.data');
  mkdirSync(dataDir);
  const server = await spawnServer(dataDir, { env }).catch((error: unknown) => {
    rmSync(parent, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    demoKey: server.demoKey,
    async stop() {
      await server.stop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
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

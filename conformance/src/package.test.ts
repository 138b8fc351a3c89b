import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runSync } from '@parley/test-browser/child-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The package as a team installs it: `npm pack` (its prepack builds dist/), unpacked into a
// directory outside the repository beside its declared dependencies, then imported by plain
// `node` (no tsx, no sources) and run against a small deployment of its own.

const pkg = fileURLToPath(new URL('../', import.meta.url));
const repo = join(pkg, '..');
const KEY = 'pkg-test-key';

/** A deployment of /health and the meeting routes' 404 (code as given). */
function deployment(code: string) {
  const server = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/health') return json(200, { status: 'ok' });
    if (req.headers['x-api-key'] !== KEY)
      return json(401, { success: false, error: 'Invalid API key', code: 'UNAUTHORIZED' });
    if (req.url === '/v1/get-meetings') return json(200, { success: true, meetings: [], has_more: false });
    return json(404, { success: false, error: 'Meeting not found', code });
  });
  return new Promise<{ url: string; close(): void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  );
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kit-package-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: pkg, encoding: 'utf8' }),
  ) as { filename: string }[];
  const home = join(dir, 'node_modules/@parley/conformance');
  mkdirSync(home, { recursive: true });
  execFileSync('tar', ['-xzf', join(dir, packed?.filename ?? ''), '-C', home, '--strip-components=1']);
  // Its dependencies as npm would install them (linked from this repository: no network in tests).
  const { dependencies } = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies)) {
    const from = [join(pkg, 'node_modules', name), join(repo, 'node_modules', name)].find((p) =>
      existsSync(p),
    );
    mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(from as string, join(dir, 'node_modules', name));
  }
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `script` (an ES module) with plain node in the directory outside the repository; not
 * synchronously, so the deployments this process serves can answer it.
 */
async function node(script: string, args: string[] = []): Promise<string> {
  writeFileSync(join(dir, 'use.mjs'), script);
  const { stdout } = await promisify(execFile)(process.execPath, ['use.mjs', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH },
  });
  return stdout;
}

describe('the built package', () => {
  it('ships JavaScript and declarations, no sources, and no dependency on the repository', () => {
    const home = join(dir, 'node_modules/@parley/conformance');
    const manifest = JSON.parse(readFileSync(join(home, 'package.json'), 'utf8'));
    expect(manifest.exports['.']).toEqual({ types: './dist/types/index.d.ts', default: './dist/index.js' });
    expect(existsSync(join(home, 'dist/types/index.d.ts'))).toBe(true);
    expect(existsSync(join(home, 'src'))).toBe(false);
    // The sentence matrix ships as data beside the bundle that holds it.
    expect(
      JSON.parse(readFileSync(join(home, 'matrix/sentences.json'), 'utf8')).sentences.length,
    ).toBeGreaterThan(200);
    expect(Object.keys(manifest.dependencies)).not.toContain('@parley/schemas');
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
  });

  it('ships the documents its README links to, and every link of theirs leads to a file in it', () => {
    const home = join(dir, 'node_modules/@parley/conformance');
    const seen = new Set<string>();
    const follow = (doc: string) => {
      if (seen.has(doc)) return;
      seen.add(doc);
      expect(existsSync(join(home, doc)), `${doc} is in the package`).toBe(true);
      const text = readFileSync(join(home, doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#:]+)(?:#[^)]*)?\)/g))
        follow(join(dirname(doc), target as string));
    };
    follow('README.md');
    expect([...seen].sort()).toEqual(
      ['CHECKS.md', 'COMMAND.md', 'README.md', 'REPORTS.md', 'SELF-TEST.md', 'ci/README.md'].sort(),
    );
  });

  it('import { run } works with plain node outside the repository and judges a deployment', async () => {
    const script = `import { run, CHECKS } from '@parley/conformance';
const report = await run({ baseUrl: process.argv[2], apiKey: '${KEY}', only: ['rest.08.health', 'errors.04.unknown-ids'],
  profile: 'smoke', reporters: [], progress: null });
console.log(JSON.stringify({ checks: CHECKS.length, exitCode: report.exitCode,
  coverage: report.coverage.sentences.filter((s) => s.checks.includes('rest.08.health')).map((s) => s.status),
  results: report.results.map((r) => [r.id, r.status, r.deviations?.map((d) => d.fingerprint)]) }));`;
    const good = await deployment('NOT_FOUND');
    const bad = await deployment('GONE');
    try {
      const passed = JSON.parse(await node(script, [good.url]));
      expect(passed.checks).toBeGreaterThan(30);
      expect(passed.coverage.length).toBeGreaterThan(0);
      expect(new Set(passed.coverage)).toEqual(new Set(['passed']));
      expect(passed).toMatchObject({
        exitCode: 0,
        results: [
          ['rest.08.health', 'PASS', null],
          ['errors.04.unknown-ids', 'PASS', null],
        ],
      });
      const failed = JSON.parse(await node(script, [bad.url]));
      expect(failed.exitCode).toBe(1);
      expect(failed.results[1][1]).toBe('FAIL');
      expect(failed.results[1][2]).toContain(
        'errors.04.unknown-ids VALUE get-meeting-messages of an unknown meeting $.code',
      );
    } finally {
      good.close();
      bad.close();
    }
  }, 120_000);

  it('type-checks in a TypeScript consumer: strict, skipLibCheck false, no @parley/schemas', () => {
    // The declarations are checked like the consumer's own files, so a module they import that the
    // package does not ship is an error; each @ts-expect-error fails the check if a type the kit
    // exposes became `any` (a misuse it must refuse is then accepted and the directive is unused).
    const types = join(dir, 'node_modules/@types/node');
    if (!existsSync(types)) {
      mkdirSync(join(types, '..'), { recursive: true });
      symlinkSync(join(repo, 'node_modules/@types/node'), types);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          module: 'node16',
          moduleResolution: 'node16',
          target: 'es2022',
          noEmit: true,
          types: ['node'],
        },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { CHECKS, run, type RunReport } from '@parley/conformance';

type Context = Parameters<(typeof CHECKS)[number]['run']>[0];

export async function listOne(ctx: Context): Promise<string | undefined> {
  const reply = await ctx.call('get-meetings', { limit: 1 });
  // @ts-expect-error: the route catalog has no route of this name
  await ctx.call('get-meeting', {});
  // @ts-expect-error: get-meetings' limit is a number
  await ctx.call('get-meetings', { limit: '1' });
  return reply.text;
}

export const report: Promise<RunReport> = run({ baseUrl: 'http://127.0.0.1:1', progress: null });
// @ts-expect-error: a profile the kit does not know
export const wrong: Promise<RunReport> = run({ profile: 'quick' });
`,
    );
    const tsc = join(repo, 'node_modules/@typescript/native/bin/tsc');
    const checked = runSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });

  it('without --base-url it says the reference server is not in the package; the command runs', async () => {
    const out = await node(`import { run } from '@parley/conformance';
await run({ progress: null }).catch((e) => console.log(e.constructor.name, e.message));`);
    expect(out).toMatch(
      /^UsageError no --base-url: the in-process reference server is part of the Parley repository/,
    );
    const help = execFileSync(
      process.execPath,
      ['node_modules/@parley/conformance/bin/parley-conformance.mjs', '--help'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(help).toContain('Usage: parley-conformance');
  });
});

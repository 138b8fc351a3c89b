// The platform's CLI on this package: the offline validation, and the zip `zapier-platform build` makes
// (what `zapier-platform push` uploads). The build installs the production dependencies from the npm
// registry into a temp copy, so it is slow; a build/build.zip newer than the app's sources is reused.
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const appDir = fileURLToPath(new URL('../..', import.meta.url));
const zipPath = join(appDir, 'build', 'build.zip');
const sourceZipPath = join(appDir, 'build', 'source.zip');
const require = createRequire(import.meta.url);
const cliBin = join(dirname(require.resolve('zapier-platform-cli/package.json')), 'src/bin/run');

/** Where npm installed a package for this workspace (its own node_modules, or the repo's). */
function installedPackage(name: string): string {
  const found = [join(appDir, 'node_modules', name), join(appDir, '..', 'node_modules', name)].find(
    existsSync,
  );
  if (!found) throw new Error(`${name} is not installed`);
  return found;
}

/** The CLI as a user runs it (Node 22, the workspace's tools on PATH), on the published defaults. */
function zapierPlatform(args: string[]) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('PARLEY_')) delete env[name];
  env.PATH = [dirname(process.execPath), join(appDir, '..', 'node_modules', '.bin'), env.PATH].join(':');
  return run(process.execPath, [cliBin, ...args], { cwd: appDir, env, maxBuffer: 16 * 1024 * 1024 });
}

/** Newest change to what goes into the zip: the app's sources (not its tests) and build settings. */
const newestInput = (): number => {
  const walk = (dir: string): number[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test' ? [] : walk(path);
      return [statSync(path).mtimeMs];
    });
  const settings = ['package.json', 'tsconfig.json', 'tsconfig.build.json', '.zapierapprc'];
  return Math.max(...walk(join(appDir, 'src')), ...settings.map((f) => statSync(join(appDir, f)).mtimeMs));
};

describe('zapier-platform CLI', () => {
  it('validates the app offline (schema and functional constraints)', async () => {
    const { stdout } = await zapierPlatform(['validate', '--without-style']);
    expect(stdout).toMatch(/No structural errors found/);
  }, 300_000);

  it('builds a zip that holds the app and its runtime only, and reports its size', async () => {
    if (!existsSync(zipPath) || statSync(zipPath).mtimeMs < newestInput()) {
      // Validation ran above; the build's own validation would call the platform's servers.
      await zapierPlatform(['build', '--skip-validation']);
    }
    const zip = new AdmZip(zipPath);
    const names = zip.getEntries().map((e) => e.entryName);
    const packages = new Set(
      names.flatMap((n) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(n)?.[1] ?? []),
    );
    const size = statSync(zipPath).size;
    const unpacked = zip.getEntries().reduce((sum, e) => sum + e.header.size, 0);
    console.log(
      `build.zip: ${(size / 1024).toFixed(0)} KiB, ${names.length} files, ${(unpacked / 1024 / 1024).toFixed(1)} MiB unpacked, ${packages.size} packages`,
    );

    expect(names).toContain('dist/index.js');
    expect(names).toContain('definition.json');
    expect(packages).toContain('zapier-platform-core');
    for (const banned of ['express', 'ws', 'pg', '@parley/server', '@parley/schemas', 'parley-server']) {
      expect(packages, `${banned} must not ship in the app`).not.toContain(banned);
    }
    expect(names.filter((n) => /^(server|schemas|conformance|load)\//.test(n))).toEqual([]);
    expect(names.filter((n) => /(^|\/)src\/test\//.test(n) || n.endsWith('.test.js'))).toEqual([]);
    // The platform refuses uploads above 50 MB unpacked? It caps the zip; stay far below.
    expect(size).toBeLessThan(10 * 1024 * 1024);

    // No deployment is frozen into the definition: the authorize URL is a function run at connect.
    const definition = zip.readAsText('definition.json');
    const parsed = JSON.parse(definition) as { authentication: { oauth2Config: { authorizeUrl: unknown } } };
    expect(typeof parsed.authentication.oauth2Config.authorizeUrl).toBe('string');
    expect(String(parsed.authentication.oauth2Config.authorizeUrl)).toMatch(/^\$func\$/);
    expect(definition).not.toMatch(/https?:\/\/(127\.0\.0\.1|localhost|api\.parley\.dev)/);
  }, 600_000);

  it('builds the app again from source.zip alone, with only its declared packages', async () => {
    if (!existsSync(sourceZipPath)) throw new Error('no build/source.zip: the build test runs first');
    const dir = mkdtempSync(join(tmpdir(), 'parley-source-'));
    try {
      new AdmZip(sourceZipPath).extractAllTo(dir);
      // The packages the source declares, and nothing of the monorepo (no @parley/*, no parent folders).
      const declared = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
        devDependencies: Record<string, string>;
      };
      mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
      for (const name of ['zapier-platform-core', 'typescript', '@types/node']) {
        expect(Object.keys({ ...declared.dependencies, ...declared.devDependencies })).toContain(name);
        symlinkSync(installedPackage(name), join(dir, 'node_modules', name));
      }
      const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
      await run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: dir });
      expect(existsSync(join(dir, 'dist', 'index.js'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

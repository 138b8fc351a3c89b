import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildK6, DIST_DIR, K6_DIR, k6Scripts } from './build-k6.js';

// k6 runs the bundles, so each must be whole (only k6's own modules left to import) and the paths
// the scripts resolve at init must find the repository's files from where the bundles live.

const out = mkdtempSync(join(tmpdir(), 'parley-k6-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every module specifier a bundle still imports (static, re-export or dynamic). */
const importsOf = (code: string): string[] =>
  [...code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+\s*from\s*)?\(?\s*["']([^"']+)["']/g)].map(
    ([, specifier]) => specifier ?? '',
  );

describe('the k6 bundles', () => {
  it('has one bundle per script, each importing nothing but k6 modules', async () => {
    const files = await buildK6(out);
    expect(k6Scripts()).toEqual(
      expect.arrayContaining([
        'capacity',
        'rest-mix',
        'stt-stream',
        'partner-poll',
        'tts',
        'file-stt',
        'denoise',
      ]),
    );
    expect(files.map((f) => f.slice(out.length + 1))).toEqual(k6Scripts().map((name) => `${name}.js`));
    for (const file of files) {
      const imports = importsOf(readFileSync(file, 'utf8'));
      expect(imports.length, file).toBeGreaterThan(0);
      expect(
        imports.filter((s) => s !== 'k6' && !s.startsWith('k6/')),
        file,
      ).toEqual([]);
    }
  });

  it('resolves the fixtures, the schemas and the results folder from load/dist/', async () => {
    // paths.ts bundled as the scripts' bundles are, placed where they are, and run by Node.
    const probe = join(DIST_DIR, `paths-probe-${process.pid}.mjs`);
    await build({ entryPoints: [`${K6_DIR}lib/paths.ts`], outfile: probe, bundle: true, format: 'esm' });
    try {
      const paths = (await import(probe)) as { AUDIO_DIR: string; SCHEMA_DIR: string; RESULTS_DIR: string };
      expect(existsSync(new URL('manifest.json', paths.AUDIO_DIR))).toBe(true);
      expect(existsSync(new URL('meeting.schema.json', paths.SCHEMA_DIR))).toBe(true);
      expect(existsSync(join(paths.RESULTS_DIR, '.gitkeep'))).toBe(true);
    } finally {
      rmSync(probe, { force: true });
    }
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { OTHER_LAYOUT } from '@parley/conformance/testing/variants';
import { PROTO_FILES } from '@parley/schemas/constants';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildK6, DIST_DIR, K6_DIR, k6Scripts } from './build-k6.js';

// k6 runs the bundles, so each must be whole (only k6's own modules left to import) and the paths
// the scripts resolve at init must find the repository's files from where the bundles live.

const out = mkdtempSync(join(tmpdir(), 'parley-k6-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every module specifier a bundle still imports (static, re-export or dynamic); not the word in a string. */
const importsOf = (code: string): string[] =>
  [
    ...code.matchAll(/(?<!['"])(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+\s*from\s*)?\(?\s*["']([^"']+)["']/g),
  ].map(([, specifier]) => specifier ?? '');

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
      // protobufjs 8 builds a TextDecoder when loaded, a global k6 v2.2 does not have: the
      // scripts read layouts with src/proto3-subset.ts instead.
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/node_modules\/protobufjs\//);
    }
  });

  it('reads a .proto layout and decodes a frame in an engine with no Node or Web APIs', async () => {
    // The layout reader and the wire code bundled as the scripts bundle them, run in a bare V8
    // context: no TextDecoder, Buffer, require or process (k6 has none of them either).
    const entry = join(out, 'layout-entry.ts');
    writeFileSync(
      entry,
      `import { protoSource, streamLayout } from '${K6_DIR}../src/proto-layout.js';
       import { decodeStreamResponse } from '${K6_DIR}../src/proto-wire.js';
       export function run(text, bytes) {
         return decodeStreamResponse(bytes, streamLayout(protoSource([{ name: 'x.proto', text }]), 'LiveResult'));
       }`,
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      globalName: 'layout',
      write: false,
    });
    const context = createContext({
      text: readFileSync(OTHER_LAYOUT, 'utf8'),
      // LiveResult{chunk (10): Piece{is_final (1): true, text (2): "hé", id (3): "u1"}}
      bytes: Uint8Array.from([0x52, 0x0b, 0x08, 0x01, 0x12, 0x03, 0x68, 0xc3, 0xa9, 0x1a, 0x02, 0x75, 0x31]),
    });
    expect(runInContext('typeof TextDecoder + typeof Buffer + typeof require', context)).toBe(
      'undefinedundefinedundefined',
    );
    runInContext(result.outputFiles[0]?.text ?? '', context);
    expect(JSON.stringify(runInContext('layout.run(text, bytes)', context))).toBe(
      JSON.stringify({ chunk: { id: 'u1', session_id: '', text: 'hé', is_final: true } }),
    );
  });

  it('resolves the fixtures, the schemas and the results folder from load/dist/', async () => {
    // paths.ts bundled as the scripts' bundles are, placed where they are, and run by Node.
    const probe = join(DIST_DIR, `paths-probe-${process.pid}.mjs`);
    await build({ entryPoints: [`${K6_DIR}lib/paths.ts`], outfile: probe, bundle: true, format: 'esm' });
    try {
      const paths = (await import(probe)) as {
        AUDIO_DIR: string;
        SCHEMA_DIR: string;
        PROTO_DIR: string;
        RESULTS_DIR: string;
      };
      expect(existsSync(new URL('manifest.json', paths.AUDIO_DIR))).toBe(true);
      for (const file of PROTO_FILES) expect(existsSync(new URL(file, paths.PROTO_DIR)), file).toBe(true);
      expect(existsSync(new URL('meeting.schema.json', paths.SCHEMA_DIR))).toBe(true);
      expect(existsSync(join(paths.RESULTS_DIR, '.gitkeep'))).toBe(true);
    } finally {
      rmSync(probe, { force: true });
    }
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Bundles each k6 script, k6/<name>.ts, into dist/<name>.js, the file k6 runs. Why: k6 resolves
// only files and URLs, no package name, so the scripts could reach the route catalog
// (@parley/schemas) and k6-junit only by a relative path into another package. Bundled, the
// scripts import packages like every other package of the repo, and k6 gets one self-contained
// module per script; k6's own modules (`k6`, `k6/http`, …) stay imports, k6 provides them.
// A build takes ~0.1 s, so every k6 command in the README runs it first.
//
//   npm run build -w load            # → load/dist/*.js
//   k6 run dist/stt-stream.js        # from load/

const LOAD = fileURLToPath(new URL('../', import.meta.url));
export const K6_DIR = `${LOAD}k6/`;
/** Where the bundles go. k6/lib/paths.ts resolves the repository's files from here. */
export const DIST_DIR = `${LOAD}dist/`;

/** The scripts k6 runs: every `.ts` file directly in k6/ (k6/lib/ holds what they share). */
export function k6Scripts(): string[] {
  return readdirSync(K6_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

export async function buildK6(outdir = DIST_DIR): Promise<string[]> {
  const scripts = k6Scripts();
  // esbuild rejects the promise on any error, with its messages already printed.
  await build({
    entryPoints: scripts.map((name) => `${K6_DIR}${name}.ts`),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'], // k6-junit has only `main`; neutral reads none by default
    target: 'es2022',
    external: ['k6', 'k6/*'],
    banner: { js: '// Built by load/scripts/build-k6.ts from load/k6/; edit the source, not this file.' },
    logLevel: 'warning',
  });
  return scripts.map((name) => join(outdir, `${name}.js`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await buildK6();
  console.log(`built ${files.length} k6 scripts into load/dist/`);
}

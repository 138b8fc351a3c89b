// Transpiles the server and the schemas package from TypeScript to plain ESM in each package's
// dist/, file by file (no bundling: import.meta.url paths keep their depth, so src/x.ts and
// dist/x.js find the same data files). `npm start` runs this, then Node on dist/main.js with the
// `parley-dist` export condition, which makes @parley/schemas resolve to its dist/ as well.
// Why not tsx at run time: its loader hooks roughly double the module-loading cost of a start
// (measured ~1.7 s vs ~1.0 s of CPU to listening). Types are checked by `npm run typecheck`, not here.

import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const SKIP = /(\.test|\.test-support|\.d)\.ts$|test-support\.ts$/;

function sources(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !SKIP.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const started = performance.now();
for (const pkg of ['schemas', 'server']) {
  const src = join(repo, pkg, 'src');
  const out = join(repo, pkg, 'dist');
  rmSync(out, { recursive: true, force: true });
  const entryPoints = sources(src).filter((file) => !relative(src, file).startsWith('testing'));
  await build({
    entryPoints,
    outdir: out,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
  });
}
if (process.argv.includes('--verbose'))
  process.stderr.write(
    `built schemas/dist and server/dist in ${Math.round(performance.now() - started)} ms\n`,
  );

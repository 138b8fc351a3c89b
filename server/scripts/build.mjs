// Transpiles the server and the schemas package from TypeScript to plain ESM in each package's
// dist/, file by file (no bundling: import.meta.url paths keep their depth, so src/x.ts and
// dist/x.js find the same data files). `npm start` runs this, then Node on dist/main.js with the
// `parley-dist` export condition, which makes @parley/schemas resolve to its dist/ as well.
// Why not tsx at run time: its loader hooks roughly double the module-loading cost of a start
// (measured ~1.7 s vs ~1.0 s of CPU to listening). Types are checked by `npm run typecheck`, not here.
// Nothing is rebuilt when no source changed since the last build (a stamp file per package), so a
// restart costs ~20 ms here instead of ~0.3 s; `--force` rebuilds anyway.

import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const STAMP = '.built';
const force = process.argv.includes('--force');
const started = performance.now();
const built = [];
for (const pkg of ['schemas', 'server']) {
  const src = join(repo, pkg, 'src');
  const out = join(repo, pkg, 'dist');
  const files = sources(src).filter((file) => !relative(src, file).startsWith('testing'));
  const newest = Math.max(...files.map((file) => statSync(file).mtimeMs));
  const stampedAt = (() => {
    try {
      return statSync(join(out, STAMP)).mtimeMs;
    } catch {
      return -1;
    }
  })();
  if (!force && stampedAt >= newest) continue;
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: files,
    outdir: out,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
  });
  writeFileSync(join(out, STAMP), '');
  built.push(pkg);
}
if (process.argv.includes('--verbose'))
  process.stderr.write(
    `${built.length ? `built ${built.join(', ')}` : 'dist up to date'} in ${Math.round(performance.now() - started)} ms\n`,
  );

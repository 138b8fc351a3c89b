// Bundles the server (with @parley/schemas and the pure-JS dependencies) into one CommonJS file,
// server/dist/server.cjs, and copies its loader, scripts/dist-main.mjs, to server/dist/main.js,
// which `npm start` runs with plain Node. Why one file: a start used to load ~1000 modules (our
// ~220 transpiled files, kysely's ~260, ajv's ~90, ...) and resolving, reading and compiling each
// one was most of its CPU. Why CommonJS: the loader runs it through vm.Script with a V8 code cache
// of everything the start compiled (see dist-main.mjs). Figures in server/README.md, "Run". Why
// not tsx at run time: its loader hooks make module loading slower still. Types are checked by
// `npm run typecheck`, not here.
//
// What stays outside the bundle, loaded from node_modules at run time (see EXTERNAL): packages
// that ship native addons or WASM/data files found relative to their own directory, and optional
// requires of packages that are not installed. Our modules that find files relative to their own
// source keep doing so (source-url.plugin.mjs).
//
// Nothing is rebuilt when no input changed since the last build: the stamp (dist/.built.json)
// records the size and mtime of every source file the bundle was made from, of each bundled
// dependency's package.json, of this script, its helpers and the tsconfigs, and of the outputs, so
// a restart costs ~10 ms here (a bundle takes ~1 s); `--force` rebuilds anyway, `--verbose` says
// what happened.

import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const outDir = join(repo, 'server/dist');
const outfile = join(outDir, 'server.cjs');
const stampFile = join(outDir, '.built.json');

const EXTERNAL = [
  'koffi', // native addon (.node), loaded from its package directory
  'opusscript', // emscripten JS that reads its .wasm next to itself
  '@echogarden/*', // WASM engines and model files next to their JS
  '@ffmpeg-installer/*', // finds the ffmpeg binary relative to its own directory
  'swagger-ui-dist', // static files served from its directory (resolved at run time, kept explicit)
  'pg-native', // optional native driver pg requires only when asked for; not installed
  'bufferutil', // optional native speed-ups ws tries to require; not installed
  'utf-8-validate',
];

/** Files whose change means a rebuild, besides the bundle's inputs. */
const ALSO_WATCHED = [
  'server/scripts/build.mjs',
  'server/scripts/source-url.plugin.mjs',
  'server/scripts/dist-main.mjs',
  'server/scripts/external-imports.plugin.mjs',
  'tsconfig.base.json',
  'server/tsconfig.json',
  'schemas/tsconfig.json',
  'node_modules/.package-lock.json',
];

/**
 * A dependency's files are watched through its package.json: installing another version rewrites
 * it (and node_modules/.package-lock.json), and checking one file per package instead of each of
 * the ~700 bundled ones keeps the no-change check at a few ms. Hand edits inside node_modules
 * need `--force`.
 */
const watchedFileOf = (input) => {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input;
  const parts = input.slice(at).split('/'); // node_modules, [@scope,] name, ...
  return `${input.slice(0, at)}${parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/')}/package.json`;
};

const fingerprint = (path) => {
  try {
    const s = statSync(join(repo, path));
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
};

function upToDate() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  return Object.entries(stamp.files).every(([path, print]) => fingerprint(path) === print);
}

const force = process.argv.includes('--force');
const started = performance.now();
const fresh = !force && upToDate();
if (!fresh) {
  rmSync(outDir, { recursive: true, force: true });
  // Output of the former file-by-file build; nothing resolves to it any more.
  rmSync(join(repo, 'schemas/dist'), { recursive: true, force: true });
  // Loaded only when there is something to build: importing esbuild costs more than the check.
  const { build } = await import('esbuild');
  const { sourceUrlPlugin } = await import('./source-url.plugin.mjs');
  const { externalImportsPlugin } = await import('./external-imports.plugin.mjs');
  const importedExternals = new Set();
  const result = await build({
    absWorkingDir: repo,
    entryPoints: ['server/src/main.ts'],
    outfile,
    bundle: true,
    // CommonJS, run by dist/main.js (scripts/dist-main.mjs) through vm.Script, which can keep a
    // code cache of what the start compiled; its module wrapper supplies require and friends.
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    external: EXTERNAL,
    plugins: [
      sourceUrlPlugin({
        roots: [join(repo, 'server/src'), join(repo, 'schemas/src')],
        outfile,
        // The bundle's own URL, a parameter of dist/main.js's module wrapper.
        bundleUrl: '__parleyBundleUrl',
      }),
      externalImportsPlugin({ external: EXTERNAL, seen: importedExternals }),
    ],
    metafile: true,
    logLevel: 'warning',
    // A CommonJS bundle has no import.meta; esbuild would leave {} in its place and warn. Our files'
    // import.meta.url are rewritten by the plugin; any other use must stop the build, not the server.
    logOverride: { 'empty-import-meta': 'error' },
  });
  const loader = readFileSync(join(repo, 'server/scripts/dist-main.mjs'), 'utf8');
  const listed = 'const IMPORTED_EXTERNALS = [];';
  if (!loader.includes(listed)) throw new Error(`dist-main.mjs lost its "${listed}" line`);
  const list = JSON.stringify([...importedExternals].sort());
  writeFileSync(join(outDir, 'main.js'), loader.replace(listed, `const IMPORTED_EXTERNALS = ${list};`));
  const files = {};
  // The outputs too: a deleted or edited dist/ file means a rebuild.
  const outputs = ['server/dist/main.js', 'server/dist/server.cjs'];
  // Inputs named `namespace:path` are made up by a plugin, not read from disk.
  const read = Object.keys(result.metafile.inputs).filter((input) => !/^[\w-]+:/.test(input));
  for (const path of [...read.map(watchedFileOf), ...ALSO_WATCHED, ...outputs])
    files[path] = fingerprint(path);
  writeFileSync(stampFile, `${JSON.stringify({ files }, null, 1)}\n`);
}
if (process.argv.includes('--verbose'))
  process.stderr.write(
    `${fresh ? 'dist up to date' : 'bundled server/dist/server.cjs'} in ${Math.round(performance.now() - started)} ms\n`,
  );

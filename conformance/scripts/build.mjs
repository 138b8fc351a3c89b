// Builds the package a team installs outside this repository (`npm pack` runs it: prepack):
// dist/index.js (the library: `import { run } from '@parley/conformance'`) and dist/cli.js (the
// command), ES modules for plain Node 22, with their declarations in dist/types. Inside the
// repository nothing needs it: the command and the tests run the TypeScript sources through tsx.
//
// @parley/schemas is not published, so it is bundled (with ajv); the kit's own dependencies stay
// outside (package.json dependencies, installed with the package). The files the code reads at run
// time are copied beside the bundle in the repository's layout (dist/schemas/json, dist/schemas/proto,
// the two fixture recordings a live session streams), and each bundled file of ours keeps its own
// import.meta.url relative to the bundle (the server's sourceUrlPlugin), so the paths it computes
// land on those copies. The reference server (server/src) is not in the package: see src/reference.ts.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceUrlPlugin } from '@parley/server/source-url-plugin';
import { build } from 'esbuild';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const pkg = join(repo, 'conformance');
const outDir = join(pkg, 'dist');
const { dependencies } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));

rmSync(outDir, { recursive: true, force: true });
await build({
  absWorkingDir: repo,
  entryPoints: { index: 'conformance/src/index.ts', cli: 'conformance/src/cli.ts' },
  outdir: outDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  external: Object.keys(dependencies),
  // CommonJS inside the bundle (ajv) may require Node's built-ins.
  banner: {
    js: "import { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);",
  },
  plugins: [
    // The bundle's files mirror the repository under dist/: a source at <repo>/schemas/src/paths.ts
    // sees dist/schemas/src/paths.ts as its URL, so `../json` is dist/schemas/json.
    sourceUrlPlugin({
      roots: [join(repo, 'conformance/src'), join(repo, 'schemas/src')],
      outfile: join(repo, 'bundle.js'),
      bundleUrl: 'import.meta.url',
    }),
  ],
  logLevel: 'warning',
});

for (const dir of ['schemas/json', 'schemas/proto'])
  cpSync(join(repo, dir), join(outDir, dir), { recursive: true });
mkdirSync(join(outDir, 'fixtures/audio/en'), { recursive: true });
for (const file of ['en/rms-01.wav', 'en/rms-02.wav'])
  cpSync(join(repo, 'fixtures/audio', file), join(outDir, 'fixtures/audio', file));

// Declarations of the library's entry and what it exposes (tsconfig.build.json), by the repository's
// type checker, TypeScript 7's native tsc: 1.3 s here where TypeScript 6's JS API took 9 s of CPU.
const buildConfig = join(pkg, 'tsconfig.build.json');
const tsc = fileURLToPath(new URL('bin/tsc', import.meta.resolve('@typescript/native/package.json')));
emitDeclarations(buildConfig);
// Those declarations import @parley/schemas (the catalog's route and answer types), which a consumer
// does not have: the schemas sources they reach get their declarations emitted beside them
// (dist/types/parley-schemas), and the specifiers are rewritten to relative paths there.
emitSchemaDeclarations();

if (process.argv.includes('--verbose')) process.stderr.write(`built ${outDir}\n`);

/** Runs tsc on a project (type errors fail the build, with tsc's own report). */
function emitDeclarations(project) {
  try {
    execFileSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: pkg, encoding: 'utf8' });
  } catch (error) {
    throw new Error(
      `declarations of ${relative(repo, project)}:\n${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
  }
}

function emitSchemaDeclarations() {
  const types = join(outDir, 'types');
  const schemaTypes = join(types, 'parley-schemas');
  const schemaSrc = join(repo, 'schemas/src');
  const { exports } = JSON.parse(readFileSync(join(repo, 'schemas/package.json'), 'utf8'));
  const specifier = /(['"])@parley\/schemas(\/[\w-]+)?\1/g;
  /** The source file `@parley/schemas<subpath>` names (the package's exports map). */
  const source = (subpath = '') => {
    const target = exports[`.${subpath}`];
    if (typeof target !== 'string') throw new Error(`@parley/schemas${subpath} is not exported`);
    return join(repo, 'schemas', target);
  };
  const declarations = (dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.d.ts'))
      .map((f) => join(dir, f));
  const reached = new Set();
  for (const file of declarations(types))
    for (const [, , subpath] of readFileSync(file, 'utf8').matchAll(specifier)) reached.add(source(subpath));
  // The build's options on the reached sources alone, from a project file outside the package (so
  // the repository's @types are named: tsc looks for them from the project file).
  const scratch = mkdtempSync(join(tmpdir(), 'kit-schema-types-'));
  const project = join(scratch, 'tsconfig.json');
  writeFileSync(
    project,
    JSON.stringify({
      extends: buildConfig,
      compilerOptions: {
        rootDir: schemaSrc,
        outDir: schemaTypes,
        typeRoots: [join(repo, 'node_modules/@types')],
      },
      files: [...reached],
    }),
  );
  try {
    emitDeclarations(project);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const file of declarations(types)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(specifier, (_, quote, subpath) => {
      const emitted = join(schemaTypes, relative(schemaSrc, source(subpath))).replace(/\.ts$/, '.js');
      const path = relative(dirname(file), emitted);
      return `${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

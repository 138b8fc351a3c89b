// Written by build.mjs to server/dist/main.js (IMPORTED_EXTERNALS filled in): the entry `npm start`
// runs. It runs the bundle (server.cjs) through vm.Script with a V8 code cache taken once the
// server has started, so later starts reuse the code V8 compiled for it instead of parsing and
// compiling ~3.7 MB of JavaScript again. Node's own compile cache (module.enableCompileCache) was
// measured too: it saves less, because it is taken right after the first compile and misses the
// functions compiled lazily while the server starts (every bundled CommonJS module is one).
//
// The cache file is named by a hash of the bundle's text: V8 checks only the source's length, so a
// cache of another bundle of the same length (a one-character edit, written late by a server that
// was still running during a rebuild) would otherwise run stale code. It is written a few seconds
// after a start that had none or whose cache V8 rejected (another Node version or V8 flags); a
// rebuild deletes dist/. Writing is best effort (a read-only tree just runs without).
// NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's.

import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const CACHE_AFTER_MS = 5_000;

const bundleUrl = new URL('./server.cjs', import.meta.url);
const bundle = fileURLToPath(bundleUrl);
const source = readFileSync(bundle);
const cacheFile = `${bundle}.${createHash('sha256').update(source).digest('hex').slice(0, 16)}.v8cache`;
const useCache = !process.env.NODE_DISABLE_COMPILE_CACHE;

let cachedData;
if (useCache) {
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
}

// The CommonJS module wrapper, strict like the ES modules the sources are (and like an ESM bundle
// would run its CommonJS dependencies). __parleyBundleUrl is the base of the import.meta.url
// rewrites of source-url.plugin.mjs. Dynamic import() (packages loaded on first use) goes to
// Node's own ESM loader.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname, __parleyBundleUrl) {'use strict';${source.toString('utf8')}\n})`,
  {
    filename: bundle,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  },
);

if (useCache && (!cachedData || script.cachedDataRejected)) {
  setTimeout(() => {
    try {
      const temporary = `${cacheFile}.${process.pid}`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      // Only a slower next start.
    }
  }, CACHE_AFTER_MS).unref();
}

// Packages outside the bundle that modules in it import with `import` statements (the list is
// filled in by build.mjs, see external-imports.plugin.mjs): imported here through Node's ES module
// loader, as they were before bundling, and before the bundle runs, as an ES module's imports are
// evaluated before it. The bundle's require() hands them out marked __esModule, bindings kept live.
const IMPORTED_EXTERNALS = [];
const esModuleView = (namespace) => {
  const view = { __esModule: true };
  for (const name of Object.keys(namespace))
    Object.defineProperty(view, name, { enumerable: true, get: () => namespace[name] });
  return view;
};
const imported = new Map(
  await Promise.all(IMPORTED_EXTERNALS.map(async (id) => [id, esModuleView(await import(id))])),
);
const nodeRequire = createRequire(bundle);
const bundleRequire = Object.assign((id) => imported.get(id) ?? nodeRequire(id), nodeRequire);

const module = { exports: {} };
script
  .runInThisContext()
  .call(module.exports, module.exports, bundleRequire, module, bundle, dirname(bundle), bundleUrl.href);

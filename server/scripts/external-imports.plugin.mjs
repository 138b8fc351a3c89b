// esbuild plugin: keeps `import` statements of packages left outside the bundle meaning what they
// meant in Node's ES module loader. In a CommonJS bundle, esbuild turns `import x from 'pkg'` into
// require('pkg') plus an interop helper that, for ES-module importers (ours are), takes the whole
// require() result as the default export. That is right for a CommonJS package, wrong for an
// ES-module one (`@echogarden/fvad-wasm`'s default export is a function; the helper would hand out
// its namespace), and require() would also pick a package's "require" export condition instead of
// "import".
//
// So each such import goes through a small module of this plugin's namespace, which esbuild does
// not treat as an ES module in Node's sense: `export * from 'pkg'; export { default } from 'pkg'`.
// Its require('pkg') is answered by dist/main.js (scripts/dist-main.mjs) with the namespace of
// `import('pkg')`, done before the bundle runs and marked __esModule, so the helper takes default
// and named exports from it as they are. The packages seen are reported through `seen` for the
// build to hand to dist/main.js.

const NAMESPACE = 'parley-external-import';

/** `text` matched literally inside a regular expression (JavaScript's and esbuild's Go flavour). */
export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** esbuild `external` patterns ("pkg" with its subpaths, "@scope/*") as one regular expression. */
export function externalPattern(patterns) {
  const alternatives = patterns.map((pattern) =>
    pattern.endsWith('/*') ? `${escapeRegExp(pattern.slice(0, -1))}.+` : `${escapeRegExp(pattern)}(?:/.+)?`,
  );
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

/**
 * @param {{ external: string[], seen: Set<string> }} options the build's external patterns; filled
 *   with every external package imported by an `import` statement
 * @returns {import('esbuild').Plugin}
 */
export function externalImportsPlugin({ external, seen }) {
  const filter = externalPattern(external);
  return {
    name: 'parley-external-imports',
    setup(build) {
      build.onResolve({ filter }, (args) => {
        if (args.namespace === NAMESPACE) return { path: args.path, external: true };
        // require() of an external (optional packages of CommonJS dependencies) and dynamic
        // import() keep their own meaning in the bundle.
        if (args.kind !== 'import-statement') return undefined;
        seen.add(args.path);
        return { path: args.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const id = JSON.stringify(args.path);
        return { contents: `export * from ${id};\nexport { default } from ${id};\n`, loader: 'js' };
      });
    },
  };
}

// esbuild plugin: gives each of our source files its own import.meta.url inside the bundle.
// Several modules find data files relative to themselves (config.ts's repo root, the seed file,
// schemas/src/paths.ts, fixtures, createRequire for packages resolved at run time). Bundled, they
// would all see the bundle's URL instead (or nothing: a CommonJS bundle has no import.meta). Each
// `import.meta.url` in a file of ours becomes `new URL('<that file, relative to the bundle>',
// <the bundle's URL>).href`: the same URL it had when
// run from source, still correct if the whole tree is moved. The source file need not exist at
// run time; only the URL arithmetic matters.

import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { escapeRegExp } from './external-imports.plugin.mjs';

const META_URL = /\bimport\.meta\.url\b/g;
const ANY_META = /\bimport\.meta\b(?!\.url\b)/;

/**
 * @param {{ roots: string[], outfile: string, bundleUrl: string }} options absolute source directories
 *   we own; the bundle's path; an expression for the bundle's URL at run time
 * @returns {import('esbuild').Plugin}
 */
export function sourceUrlPlugin({ roots, outfile, bundleUrl }) {
  const outDir = dirname(outfile);
  // Matched by esbuild itself (Go regular expressions: no lookaround), so dependencies' files never
  // make the round trip to this callback.
  const ours = new RegExp(`^(?:${roots.map((root) => escapeRegExp(root + sep)).join('|')}).*\\.[cm]?[jt]s$`);
  return {
    name: 'parley-source-url',
    setup(build) {
      build.onLoad({ filter: ours }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        // import.meta.dirname/filename/resolve would silently point at the bundle: refuse them
        // rather than guess (the sources use only .url; add a rewrite here if that changes).
        const other = ANY_META.exec(text);
        if (other)
          return {
            errors: [
              {
                text: `only import.meta.url is rewritten for the bundle; found "${text.slice(other.index, other.index + 24)}"`,
              },
            ],
          };
        const fromBundle = relative(outDir, args.path).split(sep).join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, ${bundleUrl}).href`;
        return { contents: text.replace(META_URL, url), loader: args.path.endsWith('ts') ? 'ts' : 'js' };
      });
    },
  };
}

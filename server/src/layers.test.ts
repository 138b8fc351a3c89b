import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The layer rule of server/README.md "Layout": a module imports from its own layer or the layers
// below it, never above. This list is its one home. Tests may reach any layer; test support lives
// in server/test-support/, which no production module imports. Across packages, an import names the
// package (`@parley/server/test-server`), never a path into another package's folders.

const LAYERS: readonly (readonly string[])[] = [
  ['core'],
  ['store', 'engines', 'net', 'files'],
  ['services'],
  ['jobs'],
  ['http', 'routes', 'ws', 'partner', 'emulator', 'playground'],
  ['app.ts', 'build-server.ts', 'in-process-server.ts', 'main.ts'],
];

const SRC = 'server/src/';
const pathsOf = (names: readonly string[]) =>
  `^${SRC}(${names.map((n) => n.replace('.', '\\.')).join('|')})(/|$)`;
const TEST_CODE = '\\.test\\.ts$';

/** One rule per layer: nothing on it imports from any layer above it. */
function layerRules(): IForbiddenRuleType[] {
  return LAYERS.slice(0, -1).map((layer, index) => ({
    name: `layer-${index}-${layer.join('-')}`,
    severity: 'error',
    from: { path: pathsOf(layer), pathNot: TEST_CODE },
    to: { path: pathsOf(LAYERS.slice(index + 1).flat()) },
  }));
}

/**
 * Repositories take and return domain values: how a column is encoded (JSON in TEXT, 0/1 flags)
 * and the raw table shapes are store/'s alone, tests included.
 */
const COLUMN_ENCODING: IForbiddenRuleType = {
  name: 'column-encoding-stays-in-store',
  severity: 'error',
  from: { pathNot: `^${SRC}store/` },
  to: { path: `^${SRC}store/(json-columns|database|[a-z-]+\\.tables)\\.ts$` },
};

/**
 * http/ is the request pipeline every route group plugs into; it knows no group, so a group is
 * added or removed in routes/ and app.ts alone.
 */
const PIPELINE_KNOWS_NO_ROUTE_GROUP: IForbiddenRuleType = {
  name: 'pipeline-knows-no-route-group',
  severity: 'error',
  from: { path: `^${SRC}http/`, pathNot: TEST_CODE },
  to: { path: `^${SRC}routes/` },
};

/** Test support (servers on port 0, test databases, fixtures' helpers) is for tests alone. */
const TEST_SUPPORT_STAYS_IN_TESTS: IForbiddenRuleType = {
  name: 'no-test-support-in-production',
  severity: 'error',
  from: { path: `^${SRC}`, pathNot: TEST_CODE },
  to: { path: '^server/test-support/' },
};

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['schemas', 'server', 'conformance', 'integration', 'load', 'fixtures', 'test-browser'];
const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * `file -> target` for every relative import that leaves its package, into another package or into
 * node_modules: packages are imported by name (load/'s k6 scripts too: k6 runs their bundles).
 */
function crossPackageImports(): string[] {
  const found: string[] = [];
  for (const name of PACKAGES) {
    const files = readdirSync(join(REPO, name), { recursive: true, encoding: 'utf8' }).filter(
      (f) =>
        /\.(ts|mts|mjs)$/.test(f) && !f.split(sep).some((part) => part === 'node_modules' || part === 'dist'),
    );
    for (const file of files) {
      const path = join(REPO, name, file);
      for (const match of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
        const target = relative(REPO, resolve(dirname(path), match[1] ?? ''));
        const to = target.split(sep)[0] ?? '';
        if (to !== name && (PACKAGES.includes(to) || to === 'node_modules')) {
          found.push(`${name}/${file} -> ${target}`);
        }
      }
    }
  }
  return found;
}

/** Test code: tests, test support (folders or `*.test-support.ts`), the integration's tests, benches. */
const IS_TEST_CODE = /(^|\/)(test-support|test|bench)\/|\.test(-support)?\.ts$/;
/** Each package's exports that resolve to test code (`@parley/server/test-server` …). */
function testSupportExports(): Set<string> {
  const names = new Set<string>();
  for (const name of PACKAGES) {
    const path = join(REPO, name, 'package.json');
    if (!existsSync(path)) continue;
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { name: string; exports?: unknown };
    const exports = typeof manifest.exports === 'object' && manifest.exports ? manifest.exports : {};
    for (const [key, target] of Object.entries(exports)) {
      if (typeof target === 'string' && IS_TEST_CODE.test(target))
        names.add(`${manifest.name}/${key.slice(2)}`);
    }
  }
  return names;
}
const ANY_SPECIFIER = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** `file -> specifier` for every production file, of any package, that imports test code. */
function productionImportsOfTestCode(): string[] {
  const exported = testSupportExports();
  const found: string[] = [];
  for (const name of PACKAGES) {
    const files = readdirSync(join(REPO, name), { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.(ts|mts|mjs)$/.test(f) && !/(^|\/)(node_modules|dist)\//.test(f) && !IS_TEST_CODE.test(f),
    );
    for (const file of files) {
      const path = join(REPO, name, file);
      for (const [, specifier = ''] of readFileSync(path, 'utf8').matchAll(ANY_SPECIFIER)) {
        const relativeTarget = specifier.startsWith('.') && relative(REPO, resolve(dirname(path), specifier));
        if (exported.has(specifier) || (relativeTarget && IS_TEST_CODE.test(relativeTarget))) {
          found.push(`${name}/${file} -> ${specifier}`);
        }
      }
    }
  }
  return found;
}

describe('layers of server/src', () => {
  it('places every folder and module of server/src on a layer', () => {
    const placed = new Set(LAYERS.flat());
    // Tests and docs (README.md) are no module of a layer.
    const entries = readdirSync(new URL('./', import.meta.url)).filter(
      (name) => !/\.(test\.ts|md)$/.test(name),
    );
    expect(entries.filter((name) => !placed.has(name))).toEqual([]);
  });

  it('has no import that climbs a layer, of the column encoding from outside store/, of a route group by the pipeline, or of test support', async () => {
    const result = await cruise([SRC], {
      baseDir: fileURLToPath(new URL('../../', import.meta.url)),
      validate: true,
      ruleSet: {
        forbidden: [
          ...layerRules(),
          COLUMN_ENCODING,
          PIPELINE_KNOWS_NO_ROUTE_GROUP,
          TEST_SUPPORT_STAYS_IN_TESTS,
        ],
      },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'server/tsconfig.json' },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: 'node_modules' },
    });
    const output = result.output;
    if (typeof output === 'string') throw new Error('dependency-cruiser returned text, not a result');
    const climbs = output.summary.violations.map((v) => `${v.from} -> ${v.to} (${v.rule.name})`);
    expect(output.summary.totalCruised).toBeGreaterThan(100);
    expect(climbs).toEqual([]);
    // Parsing every module of server/src takes ~20 s at load 11 and 70 s at load 22: the suite's
    // hang limit (vitest.config.ts), not a shorter one.
  });

  it('no package imports another package by path: its exports are the way in', () => {
    expect(crossPackageImports()).toEqual([]);
  });

  it('no production file of any package imports test support, by path or by package export', () => {
    expect(testSupportExports()).toContain('@parley/server/test-server');
    expect(productionImportsOfTestCode()).toEqual([]);
  });
});

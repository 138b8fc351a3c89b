import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The floor rule of server/README.md "Layout": a module imports from its own floor or the floors
// below it, never above. This list is its one home. Tests and test helpers may reach any floor.

const FLOORS: readonly (readonly string[])[] = [
  ['core'],
  ['store', 'engines', 'net', 'files'],
  ['services'],
  ['jobs'],
  ['http', 'ws', 'partner', 'emulator', 'playground'],
  ['app.ts', 'build-server.ts', 'main.ts', 'testing'],
];

const SRC = 'server/src/';
const pathsOf = (names: readonly string[]) =>
  `^${SRC}(${names.map((n) => n.replace('.', '\\.')).join('|')})(/|$)`;
const TEST_CODE = '\\.test\\.ts$|\\.test-support\\.ts$|^server/src/testing/';

/** One rule per floor: nothing on it imports from any floor above it. */
function floorRules(): IForbiddenRuleType[] {
  return FLOORS.slice(0, -1).map((floor, index) => ({
    name: `floor-${index}-${floor.join('-')}`,
    severity: 'error',
    from: { path: pathsOf(floor), pathNot: TEST_CODE },
    to: { path: pathsOf(FLOORS.slice(index + 1).flat()) },
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

describe('floor order of server/src', () => {
  it('places every folder and module of server/src on a floor', () => {
    const placed = new Set(FLOORS.flat());
    const entries = readdirSync(new URL('./', import.meta.url)).filter((name) => !name.endsWith('.test.ts'));
    expect(entries.filter((name) => !placed.has(name))).toEqual([]);
  });

  it('has no import that climbs a floor, nor one of the column encoding from outside store/', async () => {
    const result = await cruise([SRC], {
      baseDir: fileURLToPath(new URL('../../', import.meta.url)),
      validate: true,
      ruleSet: { forbidden: [...floorRules(), COLUMN_ENCODING] },
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
    // Parsing every module of server/src takes seconds on a loaded machine.
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../index.js';
import {
  BLIND_FAULTS,
  BLIND_SELF_TEST_VARIANTS,
  FULL_PROFILE,
  VARIANT_CHECKS,
  VIOLATION_CHECKS,
} from './decisions.js';
import { BLIND_VARIANTS } from './variants.js';
import { BLIND_VIOLATIONS } from './violations.js';

// The blind catalogs keep their size, their ids unique and each entry's sentence of the spec; each
// case has its decision of how the self-test runs it.

const catalogs = [
  { name: 'violations', entries: BLIND_VIOLATIONS, least: 30 },
  { name: 'variants', entries: BLIND_VARIANTS, least: 8 },
];

describe.each(catalogs)('blind $name', ({ entries, least }) => {
  it(`holds at least ${least} deployments`, () => {
    expect(entries.length).toBeGreaterThanOrEqual(least);
  });

  it('names each by a kebab-case id of its own and quotes the spec', () => {
    for (const v of entries) {
      expect(v.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(v.allows.trim(), v.id).not.toBe('');
      expect(v.only, v.id).toEqual([]);
    }
  });

  it('makes hooks that edit something', () => {
    for (const v of entries) {
      const hooks = v.hooks();
      const edits = Object.values(hooks).filter((h) => h !== undefined);
      expect(edits.length, v.id).toBeGreaterThan(0);
    }
  });
});

describe('blind catalogs together', () => {
  it('never repeat an id', () => {
    const ids = [...BLIND_VIOLATIONS, ...BLIND_VARIANTS].map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('blind decisions (how the self-test runs each case)', () => {
  const ids = new Set(CHECKS.map((c) => c.id));
  const terms = new Set([...ids, ...CHECKS.map((c) => c.area)]);
  const known = (term: string) => terms.has(term) || [...ids].some((id) => id.startsWith(`${term}.`));

  it('names for every violation one check of the kit that must fail on it', () => {
    for (const v of BLIND_VIOLATIONS) expect(ids.has(VIOLATION_CHECKS[v.id] ?? ''), v.id).toBe(true);
    expect(Object.keys(VIOLATION_CHECKS).sort()).toEqual(BLIND_VIOLATIONS.map((v) => v.id).sort());
    for (const id of FULL_PROFILE) expect(VIOLATION_CHECKS[id], id).toBeDefined();
  });

  it('names for every variant the checks that see it', () => {
    for (const v of BLIND_VARIANTS) {
      const only = VARIANT_CHECKS[v.id] ?? [];
      expect(only.length, v.id).toBeGreaterThan(0);
      for (const term of only) expect(known(term), `${v.id}: ${term}`).toBe(true);
    }
    expect(Object.keys(VARIANT_CHECKS).sort()).toEqual(BLIND_VARIANTS.map((v) => v.id).sort());
  });

  it('gives the self-test a fault per violation and a variant per variant, each with its checks', () => {
    expect(BLIND_FAULTS.map((f) => f.only.length)).toEqual(BLIND_VIOLATIONS.map(() => 1));
    expect(BLIND_SELF_TEST_VARIANTS.every((v) => v.only.length > 0)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { BLIND_VARIANTS } from './variants.js';
import { BLIND_VIOLATIONS } from './violations.js';

// The blind catalogs keep their size, their ids unique and each entry's sentence of the spec.

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

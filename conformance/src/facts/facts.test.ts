import { describe, expect, it } from 'vitest';
import { CHECKS } from '../checks/index.js';
import { SENTENCES } from '../matrix/matrix.js';
import { FACT_VIOLATIONS } from '../testing/facts/index.js';
import { FACT_AREAS } from './fact.js';
import { FACTS } from './index.js';

// The inventory's own rules: ids unique and under their area, each fact tied to a unit of the matrix
// and to registered checks (or a reason none can judge it), each violation tied to a judgeable fact and
// made one way.

describe('the fact inventory', () => {
  it('holds well-formed facts', () => {
    const checkIds = new Set(CHECKS.map((c) => c.id));
    const sentenceIds = new Set(SENTENCES.map((s) => s.id));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const f of FACTS) {
      if (seen.has(f.id)) problems.push(`${f.id}: used twice`);
      seen.add(f.id);
      if (!FACT_AREAS.includes(f.area) || !f.id.startsWith(`${f.area}.`))
        problems.push(`${f.id}: not under its area ${f.area}`);
      if (!sentenceIds.has(f.sentence)) problems.push(`${f.id}: ${f.sentence} is no unit of the matrix`);
      if (!f.words.trim()) problems.push(`${f.id}: no words of the spec`);
      if (f.judgeable) {
        if (f.checks.length === 0) problems.push(`${f.id}: judgeable without checks`);
        for (const id of f.checks)
          if (!checkIds.has(id)) problems.push(`${f.id}: ${id} is no registered check`);
      } else if (!f.why.trim()) problems.push(`${f.id}: unjudgeable without a reason`);
    }
    expect(problems).toEqual([]);
  });

  it('ties every violation to one judgeable fact, made one way', () => {
    const judgeable = new Set(FACTS.filter((f) => f.judgeable).map((f) => f.id));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const v of FACT_VIOLATIONS) {
      if (seen.has(v.id)) problems.push(`${v.id}: used twice`);
      seen.add(v.id);
      if (!judgeable.has(v.fact)) problems.push(`${v.id}: ${v.fact} is no judgeable fact`);
      if (!v.id.startsWith(`${v.fact}~`)) problems.push(`${v.id}: not named <fact>~<what>`);
      if (Boolean(v.hooks) === Boolean(v.fault))
        problems.push(`${v.id}: needs exactly one of hooks and fault`);
    }
    expect(problems).toEqual([]);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../check.js';
import { CHECKS } from '../checks/index.js';
import type { Fact } from '../facts/fact.js';
import { FACTS } from '../facts/index.js';
import { specCoverage } from './coverage.js';
import { factsJson, withFactsSummary } from './facts-json.js';
import {
  deriveSentences,
  type InventoryFact,
  inventory,
  matrixProblems,
  SENTENCES,
  type Sentence,
  SPEC_PATH,
  type SpecUnit,
  UNITS,
  uncoveredUnits,
} from './matrix.js';
import { sectionSlug, specUnits } from './spec-units.js';

// The matrix covers the whole spec, names only registered checks, and names every one of them; its
// checks come from the facts, which are to cover every unit of the spec.

const ids = CHECKS.map((c) => c.id);
const spec = fileURLToPath(new URL(`../../../${SPEC_PATH}`, import.meta.url));

describe('the sentence matrix', () => {
  it('gives every sentence checks or a reason, names only registered checks, and every check', () => {
    expect(matrixProblems(SENTENCES, ids)).toEqual([]);
  });

  it('catches a sentence with neither, an unknown check and a check no sentence names', () => {
    // What the seeded faults add to the matrix's own problems (none, once the first test passes).
    const added = (sentences: Sentence[]) => {
      const before = matrixProblems(SENTENCES, ids);
      return matrixProblems(sentences, ids).filter((p) => !before.includes(p));
    };
    const [first, second] = SENTENCES.filter((s) => s.checks.includes('rest.08.health')) as Sentence[];
    const broken: Sentence[] = [
      ...SENTENCES.filter((s) => !s.checks.includes('rest.08.health')),
      { ...(first as Sentence), checks: [] },
      { ...(second as Sentence), checks: ['rest.99.none'] },
    ];
    expect(added(broken)).toEqual([
      `${first?.id}: neither checks nor a reason why it cannot be judged`,
      `${second?.id}: rest.99.none is no registered check`,
      'rest.08.health: no sentence of the matrix names it',
    ]);
    const twice = [...SENTENCES, { ...(SENTENCES[0] as Sentence) }];
    expect(added(twice)).toEqual([`${SENTENCES[0]?.id}: used twice`]);
  });

  it('numbers each sentence under its own section', () => {
    for (const s of SENTENCES) expect(s.id.startsWith(`S-${sectionSlug(s.section)}-`), s.id).toBe(true);
  });

  // The spec lives beside the repository (../shared/spec); a checkout without it has the matrix alone.
  it.skipIf(!existsSync(spec))(
    'has one entry for each table row and sentence of the spec, and no other',
    () => {
      const units = specUnits(readFileSync(spec, 'utf8')).map((u) => `${u.section} :: ${u.text}`);
      const entries = SENTENCES.map((s) => `${s.section} :: ${s.text}`);
      expect(
        units.filter((u) => !entries.includes(u)),
        'sentences of the spec the matrix lacks',
      ).toEqual([]);
      expect(
        entries.filter((e) => !units.includes(e)),
        'entries the spec no longer has',
      ).toEqual([]);
      expect(entries.length).toBe(units.length);
    },
  );

  it('splits the spec into rows and sentences', () => {
    const units = specUnits(
      '# T\n## Limits\nA rule. Another `x` rule.\n\n| Limit | Value |\n|---|---|\n| keys | 5 |\n1. Step one.\n',
    );
    expect(units).toEqual([
      { section: 'Limits', text: 'A rule.' },
      { section: 'Limits', text: 'Another `x` rule.' },
      { section: 'Limits', text: 'keys | 5' },
      { section: 'Limits', text: 'Step one.' },
    ]);
  });
});

const result = (id: string, status: CheckResult['status'], needs?: string[]): CheckResult => ({
  id,
  title: id,
  area: 'rest',
  clause: '',
  level: 'MUST',
  status,
  message: '',
  evidence: [],
  durationMs: 1,
  ...(needs ? { needs } : {}),
});

describe('the matrix derived from the facts', () => {
  const unit = (id: string, checks: string[] = []): SpecUnit => ({
    id,
    section: 'S',
    text: id,
    area: 'rest',
    checks,
    ...(checks.length ? {} : { unjudgeable: { reason: 'coarse', wouldNeed: 'w' } }),
  });
  const fact = (id: string, sentence: string, checks?: string[]): Fact =>
    checks
      ? { id, area: 'rest', kind: 'type', level: 'MUST', sentence, words: id, judgeable: true, checks }
      : {
          id,
          area: 'rest',
          kind: 'type',
          level: 'MUST',
          sentence,
          words: id,
          judgeable: false,
          why: `no ${id}`,
        };

  it("gives a sentence the union of its facts' checks, their reasons when none is judgeable", () => {
    const units = [unit('S-s-01', ['old']), unit('S-s-02', ['old']), unit('S-s-03'), unit('S-s-04', ['c'])];
    const facts = [
      fact('rest.a.type', 'S-s-01', ['a', 'b']),
      fact('rest.b.type', 'S-s-01', ['b', 'c']),
      fact('rest.c.type', 'S-s-01'),
      fact('rest.d.type', 'S-s-02'),
      fact('rest.e.type', 'S-s-02'),
    ];
    const sentences = deriveSentences(units, inventory(units, facts));
    expect(sentences.map((s) => [s.checks, s.facts, s.unjudgeable])).toEqual([
      [['a', 'b', 'c'], ['rest.a.type', 'rest.b.type', 'rest.c.type'], undefined],
      [[], ['rest.d.type', 'rest.e.type'], { reason: 'no rest.d.type; no rest.e.type' }],
      [[], ['rest.S-s-03.provisional'], { reason: 'coarse', wouldNeed: 'w' }],
      [['c'], ['rest.S-s-04.provisional'], undefined],
    ]);
    expect(uncoveredUnits(units, facts)).toEqual({ rest: ['S-s-03', 'S-s-04'] });
  });

  it('names an area for every unit of the matrix, and for no other', async () => {
    const { default: areas } = await import('../../matrix/areas.json', { with: { type: 'json' } });
    expect(Object.keys(areas.areas)).toEqual(UNITS.map((u) => u.id));
  });

  it('has every unit of the spec covered by facts, and every registered check named by one', () => {
    expect(uncoveredUnits(UNITS, FACTS)).toEqual({});
    const named = new Set(FACTS.flatMap((f) => (f.judgeable ? f.checks : [])));
    expect(ids.filter((id) => !named.has(id))).toEqual([]);
  });

  it("ships matrix/facts.json and CHECKS.md's figures as the facts make them (npm run facts-json -w conformance)", () => {
    const file = fileURLToPath(new URL('../../matrix/facts.json', import.meta.url));
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').toBe(factsJson());
    const checks = readFileSync(new URL('../../CHECKS.md', import.meta.url), 'utf8');
    expect(checks).toBe(withFactsSummary(checks));
  });
});

const inventoryOf = (matrix: readonly Sentence[]): InventoryFact[] =>
  matrix.map((s) =>
    s.checks.length
      ? {
          id: `f-${s.id}`,
          area: 'rest',
          kind: 'type',
          level: 'MUST',
          sentence: s.id,
          words: s.text,
          judgeable: true,
          checks: s.checks,
        }
      : {
          id: `f-${s.id}`,
          area: 'rest',
          kind: 'type',
          level: 'MUST',
          sentence: s.id,
          words: s.text,
          judgeable: false,
          why: 'r',
        },
  );

describe('spec coverage', () => {
  const sentence = (id: string, checks: string[]): Sentence => ({
    id,
    section: 'S',
    text: id,
    area: 'rest',
    checks,
    facts: [`f-${id}`],
    ...(checks.length ? {} : { unjudgeable: { reason: 'r' } }),
  });
  const matrix = [
    sentence('S-s-01', ['a', 'b']),
    sentence('S-s-02', ['b']),
    sentence('S-s-03', ['c']),
    sentence('S-s-04', ['d']),
    sentence('S-s-05', ['e']),
    sentence('S-s-06', []),
    sentence('S-s-07', ['f', 'g']),
  ];
  const facts = inventoryOf(matrix);

  it('counts facts passed, failed, flaky, skipped for want of an input, not run and not judgeable', () => {
    const coverage = specCoverage(
      [
        result('a', 'PASS'),
        result('b', 'FAIL'),
        result('c', 'SKIPPED', ['--audio-base-url']),
        result('d', 'NON_STRICT'),
        result('f', 'FLAKY'),
        result('g', 'PASS'),
      ],
      facts,
      matrix,
    );
    const statuses = ['failed', 'failed', 'skipped', 'passed', 'not-run', 'not-judgeable', 'flaky'];
    expect(coverage.facts.map((s) => s.status)).toEqual(statuses);
    expect(coverage.sentences.map((s) => s.status)).toEqual(statuses);
    expect(coverage).toMatchObject({
      total: 7,
      judgeable: 6,
      judged: 4,
      passed: 1,
      failed: 2,
      flaky: 1,
      skipped: 1,
      notRun: 1,
      notJudgeable: 1,
      percent: (4 / 6) * 100,
      skippedForInput: [{ fact: 'f-S-s-03', flags: ['--audio-base-url'] }],
    });
  });

  it('counts each fact of a sentence: one judged, one not run, is half the sentence', () => {
    const two: InventoryFact[] = [
      { ...(facts[0] as InventoryFact), id: 'x', checks: ['a'] } as InventoryFact,
      { ...(facts[0] as InventoryFact), id: 'y', checks: ['z'] } as InventoryFact,
    ];
    const coverage = specCoverage([result('a', 'PASS')], two, [matrix[0] as Sentence]);
    expect(coverage).toMatchObject({ total: 2, judgeable: 2, judged: 1, notRun: 1, percent: 50 });
    expect(coverage.sentences[0]).toMatchObject({ status: 'passed' });
  });

  it('a fact one of whose checks judged it is judged though another skipped', () => {
    const coverage = specCoverage([result('a', 'SKIPPED', ['--x']), result('b', 'PASS')], facts, matrix);
    expect(coverage.facts[0]).toMatchObject({ status: 'passed' });
    expect(coverage.skippedForInput).toEqual([]);
  });

  it('a check that could not judge leaves its facts skipped with no flag', () => {
    const coverage = specCoverage([result('c', 'COULD_NOT_JUDGE')], facts, matrix);
    expect(coverage.facts[2]).toEqual({
      id: 'f-S-s-03',
      sentence: 'S-s-03',
      checks: ['c'],
      status: 'skipped',
    });
    expect(coverage.skippedForInput).toEqual([]);
  });
});

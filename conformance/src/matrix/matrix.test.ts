import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../check.js';
import { CHECKS } from '../checks/index.js';
import { sentenceCoverage } from './coverage.js';
import { matrixProblems, SENTENCES, type Sentence, SPEC_PATH } from './matrix.js';
import { sectionSlug, specUnits } from './spec-units.js';

// The matrix covers the whole spec, names only registered checks, and names every one of them.

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

describe('sentence coverage', () => {
  const sentence = (id: string, checks: string[]): Sentence => ({
    id,
    section: 'S',
    text: id,
    checks,
    ...(checks.length ? {} : { unjudgeable: { reason: 'r', wouldNeed: 'w' } }),
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

  it('counts passed, failed, flaky, skipped for want of an input, not run and not judgeable', () => {
    const coverage = sentenceCoverage(
      [
        result('a', 'PASS'),
        result('b', 'FAIL'),
        result('c', 'SKIPPED', ['--audio-base-url']),
        result('d', 'NON_STRICT'),
        result('f', 'FLAKY'),
        result('g', 'PASS'),
      ],
      matrix,
    );
    expect(coverage.sentences.map((s) => s.status)).toEqual([
      'failed',
      'failed',
      'skipped',
      'passed',
      'not-run',
      'not-judgeable',
      'flaky',
    ]);
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
      skippedForInput: [{ sentence: 'S-s-03', flags: ['--audio-base-url'] }],
    });
  });

  it('a sentence one of whose checks judged it is judged though another skipped', () => {
    const coverage = sentenceCoverage([result('a', 'SKIPPED', ['--x']), result('b', 'PASS')], matrix);
    expect(coverage.sentences[0]).toMatchObject({ status: 'passed' });
    expect(coverage.skippedForInput).toEqual([]);
  });

  it('a check that could not judge leaves its sentences skipped with no flag', () => {
    const coverage = sentenceCoverage([result('c', 'COULD_NOT_JUDGE')], matrix);
    expect(coverage.sentences[2]).toEqual({
      id: 'S-s-03',
      section: 'S',
      text: 'S-s-03',
      checks: ['c'],
      status: 'skipped',
    });
    expect(coverage.skippedForInput).toEqual([]);
  });
});

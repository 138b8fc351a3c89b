import { describe, expect, it } from 'vitest';
import { rankSentences, topIndices } from './sentence-rank.js';
import { terms } from './text-terms.js';

const SENTENCES = [
  'The marketing budget for the launch campaign needs approval.',
  'Approval of the launch budget is expected next week.',
  'The launch campaign budget covers video and print.',
  'My cat likes sleeping on warm laptops.',
  'The office coffee machine is broken again.',
];

describe('TextRank sentence ranking', () => {
  it('ranks sentences that share the meeting’s topic above unrelated ones, deterministically', () => {
    const scores = rankSentences(SENTENCES);
    expect(rankSentences(SENTENCES)).toEqual(scores);
    const [best] = topIndices(scores, 1);
    expect([0, 1, 2]).toContain(best);
    expect(Math.min(...scores.slice(0, 3))).toBeGreaterThan(Math.max(...scores.slice(3)));
  });

  it('boosts sentences with focus terms', () => {
    const plain = rankSentences(SENTENCES);
    const focused = rankSentences(SENTENCES, new Set(terms('coffee machine')));
    expect(focused[4] ?? 0).toBeGreaterThan((plain[4] ?? 0) * 2);
  });

  it('returns the chosen indices in time order, ties broken by position', () => {
    expect(topIndices([0.1, 0.5, 0.5, 0.9], 3)).toEqual([1, 2, 3]);
    expect(topIndices([], 3)).toEqual([]);
  });
});

describe('ranking terms', () => {
  it('drops stop words and small talk, folds plurals, pairs CJK characters', () => {
    expect(terms('Good morning everyone! The budgets are ready.')).toEqual(['budget', 'ready']);
    expect(terms('预算会议')).toEqual(['预算', '算会', '会议']);
  });
});

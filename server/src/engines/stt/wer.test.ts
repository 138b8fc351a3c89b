import { describe, expect, it } from 'vitest';
import { corpusWer, editDistance, normaliseWords, wordErrorRate } from './wer.js';

describe('word error rate', () => {
  it('normalises case and punctuation but keeps apostrophes', () => {
    expect(normaliseWords("Good morning, everyone! Let's start.")).toEqual([
      'good',
      'morning',
      'everyone',
      "let's",
      'start',
    ]);
  });

  it('counts substitutions, deletions and insertions', () => {
    expect(editDistance(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(1);
    expect(editDistance(['a', 'b', 'c'], ['a', 'c'])).toBe(1);
    expect(editDistance(['a', 'b'], ['a', 'b', 'c', 'd'])).toBe(2);
    expect(editDistance([], ['a'])).toBe(1);
  });

  it('is zero for a perfect transcript and can exceed one with many insertions', () => {
    expect(wordErrorRate('The next meeting is on Monday.', 'the next meeting is on monday').wer).toBe(0);
    expect(wordErrorRate('hello', 'oh hello there you').wer).toBe(3);
  });

  it('pools errors over a corpus', () => {
    const score = corpusWer([
      { reference: 'one two three four', hypothesis: 'one two three four' },
      { reference: 'five six', hypothesis: 'five' },
    ]);
    expect(score).toEqual({ errors: 1, words: 6, wer: 1 / 6 });
  });
});

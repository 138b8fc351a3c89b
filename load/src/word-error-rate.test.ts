import { describe, expect, it } from 'vitest';
import { normalWords, wordEdits, wordErrorRate } from './word-error-rate.ts';

describe('word error rate', () => {
  it('is 0 for the same words whatever the case and punctuation', () => {
    expect(wordErrorRate('Good morning, everyone.', 'good morning everyone')).toBe(0);
  });

  it('counts substitutions, deletions and insertions over the reference words', () => {
    // "a note" for "the notes" (2 substitutions) in 5 words.
    expect(wordErrorRate('send me the notes please', 'send me a note please')).toBe(2 / 5);
    expect(wordErrorRate('one two three four', 'one three four')).toBe(1 / 4);
    expect(wordErrorRate('one two', 'one two three four')).toBe(1);
    expect(wordErrorRate('one two', '')).toBe(1);
  });

  it('has no figure for a reference without words', () => {
    expect(wordErrorRate('', 'anything')).toBeUndefined();
  });

  it('keeps apostrophes inside words', () => {
    expect(normalWords("Let's go")).toEqual(["let's", 'go']);
    expect(wordEdits(['a', 'b', 'c'], ['x', 'a', 'b'])).toBe(2);
  });
});

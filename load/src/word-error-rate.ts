// Word error rate, the accuracy figure of speech recognition: (substitutions + deletions +
// insertions) / words of the reference, by word-level Levenshtein distance. Both sides are
// normalised the same way (lower case, punctuation dropped) so formatting is not counted as error.

// Word separators: white space and punctuation, listed. Not "anything but a letter" by a Unicode
// property escape: k6's JavaScript engine has none, and there such a pattern found no words in any
// text (WER 0 on every transcript, no final matched to its turn).
const SEPARATORS = /[\s!-&(-/:-@[-`{-~\u00a1-\u00bf\u00d7\u00f7\u2010-\u205e\u3000-\u303f\uff01-\uff0f]+/;

export function normalWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(SEPARATORS)
    .filter((w) => w.length > 0);
}

/** Edit distance between two word lists (two rows of the DP table, O(n·m) time). */
export function wordEdits(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      row.push(
        Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (same ? 0 : 1)),
      );
    }
    previous = row;
  }
  return previous[hypothesis.length] ?? 0;
}

/** WER of `hypothesis` against `reference`; undefined when the reference has no words. */
export function wordErrorRate(reference: string, hypothesis: string): number | undefined {
  const ref = normalWords(reference);
  if (ref.length === 0) return undefined;
  return wordEdits(ref, normalWords(hypothesis)) / ref.length;
}

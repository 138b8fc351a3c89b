// Word error rate, the accuracy figure of speech recognition: (substitutions + deletions +
// insertions) / words of the reference, by word-level Levenshtein distance. Both sides are
// normalised the same way (lower case, punctuation dropped) so formatting is not counted as error.

export function normalWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
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

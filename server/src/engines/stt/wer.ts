// Word error rate: (substitutions + deletions + insertions) / reference words, over normalised
// words (lower case, punctuation dropped, apostrophes kept), by Levenshtein distance on words.

export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

export function editDistance<T>(a: readonly T[], b: readonly T[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export interface WerScore {
  errors: number;
  words: number;
  wer: number;
}

export function wordErrorRate(reference: string, hypothesis: string): WerScore {
  const ref = normaliseWords(reference);
  const errors = editDistance(ref, normaliseWords(hypothesis));
  return { errors, words: ref.length, wer: ref.length ? errors / ref.length : errors > 0 ? 1 : 0 };
}

/** Corpus WER: total errors over total reference words (not a mean of per-sentence rates). */
export function corpusWer(pairs: readonly { reference: string; hypothesis: string }[]): WerScore {
  let errors = 0;
  let words = 0;
  for (const pair of pairs) {
    const score = wordErrorRate(pair.reference, pair.hypothesis);
    errors += score.errors;
    words += score.words;
  }
  return { errors, words, wer: words ? errors / words : 0 };
}

// chrF (Popović 2015) as sacrebleu computes it by default: character n-grams of orders 1–6 with
// whitespace removed, statistics summed over the corpus, the F-score (β = 2, recall weighted
// twice) of each order averaged, on a 0–100 scale.

const ORDER = 6;
const BETA = 2;

function ngrams(text: string, n: number): Map<string, number> {
  const chars = [...text.replace(/\s+/g, '')];
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** Corpus chrF of hypotheses against references (same length, line i against line i). */
export function chrf(hypotheses: readonly string[], references: readonly string[]): number {
  const stats = Array.from({ length: ORDER }, () => ({ hyp: 0, ref: 0, match: 0 }));
  hypotheses.forEach((hypothesis, i) => {
    for (let n = 1; n <= ORDER; n++) {
      const h = ngrams(hypothesis, n);
      const r = ngrams(references[i] ?? '', n);
      const s = stats[n - 1] as { hyp: number; ref: number; match: number };
      for (const count of h.values()) s.hyp += count;
      for (const [gram, count] of r) {
        s.ref += count;
        s.match += Math.min(count, h.get(gram) ?? 0);
      }
    }
  });
  let total = 0;
  let orders = 0;
  for (const { hyp, ref, match } of stats) {
    if (hyp === 0 || ref === 0) continue;
    const precision = match / hyp;
    const recall = match / ref;
    const denominator = BETA ** 2 * precision + recall;
    total += denominator > 0 ? ((1 + BETA ** 2) * precision * recall) / denominator : 0;
    orders++;
  }
  return orders === 0 ? 0 : (100 * total) / orders;
}

import { terms } from './text-terms.js';

// TextRank over TF-IDF sentence vectors: a sentence is central when it shares weighted words with
// many other central sentences. Similarities come from an inverted index (only sentences sharing a
// term are compared), so a two-hour meeting ranks in milliseconds. Everything is deterministic:
// same input, same order, ties broken by position.

const DAMPING = 0.85;
const ITERATIONS = 40;
/** Each distinct focus term a sentence contains multiplies its score by (1 + FOCUS_BOOST). */
export const FOCUS_BOOST = 0.75;
/** Sentences with fewer terms than this rarely carry a point ("Sounds good."); their score is damped. */
const MIN_TERMS = 4;

export function rankSentences(
  sentences: readonly string[],
  focusTerms: ReadonlySet<string> = new Set(),
): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const bags = sentences.map((s) => counts(terms(s)));
  const df = new Map<string, number>();
  for (const bag of bags) for (const term of bag.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const vectors = bags.map((bag) => {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [term, tf] of bag) {
      const w = tf * (Math.log(n / (df.get(term) ?? 1)) + 1);
      v.set(term, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, w] of v) v.set(term, w / norm);
    return v;
  });
  const postings = new Map<string, number[]>();
  vectors.forEach((v, i) => {
    for (const term of v.keys()) {
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  });
  const edges: Map<number, number>[] = vectors.map(() => new Map());
  vectors.forEach((v, i) => {
    for (const [term, w] of v) {
      for (const j of postings.get(term) ?? []) {
        if (j <= i) continue;
        const add = w * (vectors[j]?.get(term) ?? 0);
        edges[i]?.set(j, (edges[i]?.get(j) ?? 0) + add);
        edges[j]?.set(i, (edges[j]?.get(i) ?? 0) + add);
      }
    }
  });
  const outWeight = edges.map((e) => [...e.values()].reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let iter = 0; iter < ITERATIONS; iter++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    edges.forEach((e, i) => {
      const out = outWeight[i] ?? 0;
      if (out === 0) return;
      for (const [j, w] of e) next[j] = (next[j] ?? 0) + DAMPING * (rank[i] ?? 0) * (w / out);
    });
    rank = next;
  }
  return rank.map((r, i) => {
    const bag = bags[i] ?? new Map<string, number>();
    const focus = [...focusTerms].filter((t) => bag.has(t)).length;
    const short = bag.size < MIN_TERMS ? 0.3 : 1;
    return r * short * (1 + FOCUS_BOOST * focus);
  });
}

/** Indices of the `k` best scores, returned in their original order (a summary reads in time order). */
export function topIndices(scores: readonly number[], k: number): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, k)
    .map((s) => s.index)
    .sort((a, b) => a - b);
}

function counts(list: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

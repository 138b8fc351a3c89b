import type { Fact, FactArea, FactKind, FactLevel } from './fact.js';

// How each area's facts file writes a fact in one call: its id (the area put in front), kind, level,
// matrix unit, the spec's words, and the checks that judge it or why none can.

export type Judged = readonly string[] | { why: string };

/** One builder: the last argument is the checks, or `{ why }`. */
export const factsOf =
  (area: FactArea) =>
  (id: string, kind: FactKind, level: FactLevel, sentence: string, words: string, judged: Judged): Fact => {
    const base = { id: `${area}.${id}`, area, kind, level, sentence, words };
    return Array.isArray(judged)
      ? { ...base, judgeable: true, checks: judged as readonly string[] }
      : { ...base, judgeable: false, why: (judged as { why: string }).why };
  };

/** Two builders: `judged` with its checks, `unjudged` with why no client can judge it. */
export function factBuilders(area: FactArea) {
  const fact = factsOf(area);
  return {
    judged: (
      id: string,
      kind: FactKind,
      level: FactLevel,
      sentence: string,
      words: string,
      checks: string[],
    ) => fact(id, kind, level, sentence, words, checks),
    unjudged: (id: string, kind: FactKind, level: FactLevel, sentence: string, words: string, why: string) =>
      fact(id, kind, level, sentence, words, { why }),
  };
}

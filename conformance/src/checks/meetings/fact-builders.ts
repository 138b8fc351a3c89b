import type { Fact, FactArea, FactKind, FactLevel } from '../../facts/fact.js';

// The facts files of the meeting resources write a fact as one line: its id (the area put in front),
// kind, level, matrix unit, the spec's words, and the checks that judge it or why none can.

export type Judged = readonly string[] | { why: string };

export const factsOf =
  (area: FactArea) =>
  (id: string, kind: FactKind, level: FactLevel, sentence: string, words: string, judged: Judged): Fact => {
    const base = { id: `${area}.${id}`, area, kind, level, sentence, words };
    return Array.isArray(judged)
      ? { ...base, judgeable: true, checks: judged as readonly string[] }
      : { ...base, judgeable: false, why: (judged as { why: string }).why };
  };

import type { Fact, FactKind, FactLevel } from '../../facts/fact.js';

// A speech fact in one call: judged by checks, or not, and why.

export const judged = (
  id: string,
  kind: FactKind,
  level: FactLevel,
  sentence: string,
  words: string,
  checks: string[],
): Fact => ({ id: `speech.${id}`, area: 'speech', kind, level, sentence, words, judgeable: true, checks });
export const unjudged = (
  id: string,
  kind: FactKind,
  level: FactLevel,
  sentence: string,
  words: string,
  why: string,
): Fact => ({ id: `speech.${id}`, area: 'speech', kind, level, sentence, words, judgeable: false, why });

/** Why a 500 row of the error table cannot be judged. */
export const NO_FAILURE =
  'needs a failure of the upstream speech provider or of storage, which no client request can cause';

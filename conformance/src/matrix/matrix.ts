import data from '../../matrix/sentences.json' with { type: 'json' };

// The sentence matrix (matrix/sentences.json): every normative sentence and table row of the spec,
// numbered, each with the checks that judge it, or the reason no check can from outside and the input
// that would let one. A check judges a sentence only if it can fail on a violation of it.

export interface Unjudgeable {
  /** Why no check of the kit judges it from outside. */
  reason: string;
  /** The input (a flag, a deployment's own data, a rule the spec does not give) that would let one. */
  wouldNeed: string;
}

export interface Sentence {
  /** `S-<section-slug>-<nn>`: stable, never reused. */
  id: string;
  /** The spec's heading it sits under. */
  section: string;
  /** The spec's words (a table row's cells joined with " | "). */
  text: string;
  /** Ids of the checks that judge it. */
  checks: string[];
  unjudgeable?: Unjudgeable;
}

export const SPEC_PATH: string = data.spec;
export const SENTENCES: readonly Sentence[] = data.sentences;

const ID = /^S-[a-z0-9]+(?:-[a-z0-9]+)*-\d{2}$/;

/**
 * What is wrong with a matrix, one line each: a sentence with neither checks nor a reason (or both), a
 * malformed or repeated id, a check id that is not registered, a registered check no sentence names.
 */
export function matrixProblems(sentences: readonly Sentence[], checkIds: readonly string[]): string[] {
  const problems: string[] = [];
  const known = new Set(checkIds);
  const seen = new Set<string>();
  for (const s of sentences) {
    if (!ID.test(s.id)) problems.push(`${s.id}: not of the form S-<section-slug>-<nn>`);
    if (seen.has(s.id)) problems.push(`${s.id}: used twice`);
    seen.add(s.id);
    if (s.checks.length === 0 && !s.unjudgeable?.reason.trim())
      problems.push(`${s.id}: neither checks nor a reason why it cannot be judged`);
    if (s.checks.length > 0 && s.unjudgeable)
      problems.push(`${s.id}: has checks and a reason why it cannot be judged`);
    if (s.unjudgeable && !s.unjudgeable.wouldNeed.trim())
      problems.push(`${s.id}: its reason names no input that would make it judgeable`);
    for (const id of s.checks) if (!known.has(id)) problems.push(`${s.id}: ${id} is no registered check`);
  }
  const named = new Set(sentences.flatMap((s) => s.checks));
  for (const id of checkIds) if (!named.has(id)) problems.push(`${id}: no sentence of the matrix names it`);
  return problems;
}

import areas from '../../matrix/areas.json' with { type: 'json' };
import data from '../../matrix/sentences.json' with { type: 'json' };
import type { Fact, FactArea } from '../facts/fact.js';
import { FACT_AREAS } from '../facts/fact.js';
import { FACTS } from '../facts/index.js';

// The sentence matrix: every normative sentence and table row of the spec (matrix/sentences.json
// numbers them, matrix/areas.json names the area whose facts cover each), with the checks that judge it derived
// from its facts (src/facts): a sentence's checks are the union of its judgeable facts' checks; it
// is unjudgeable when all its facts are, for their reasons. A unit no fact covers yet keeps the
// coarse `checks` (or `unjudgeable`) sentences.json gives it, as one provisional fact, until its
// area's facts land (matrix.test.ts lists those units by area).

export interface Unjudgeable {
  /** Why no check of the kit judges it from outside. */
  reason: string;
  /** The input (a flag, a deployment's own data, a rule the spec does not give) that would let one. */
  wouldNeed?: string;
}

/** A unit of the spec as matrix/sentences.json numbers it. */
export interface SpecUnit {
  /** `S-<section-slug>-<nn>`: stable, never reused. */
  id: string;
  /** The spec's heading it sits under. */
  section: string;
  /** The spec's words (a table row's cells joined with " | "). */
  text: string;
  /** The area (a folder of src/checks) whose facts cover it. */
  area: FactArea;
  /** Coarse checks, read only while no fact covers the unit. */
  checks: string[];
  /** Coarse reason, read only while no fact covers the unit. */
  unjudgeable?: { reason: string; wouldNeed: string };
}

export interface Sentence {
  id: string;
  section: string;
  text: string;
  area: FactArea;
  /** Ids of the checks that judge it: the union of its judgeable facts' checks. */
  checks: string[];
  /** Ids of its facts (a provisional one while its area's facts have not covered it). */
  facts: string[];
  unjudgeable?: Unjudgeable;
}

/** A fact of the inventory, or the provisional one standing for a unit no fact covers yet. */
export type InventoryFact = Fact & { provisional?: true };

export const SPEC_PATH: string = data.spec;
const AREA_OF: Record<string, string> = areas.areas;
export const UNITS: readonly SpecUnit[] = data.sentences.map((u) => {
  const area = AREA_OF[u.id];
  if (!area || !(FACT_AREAS as readonly string[]).includes(area))
    throw new Error(`matrix/areas.json: no area for ${u.id} (${area})`);
  return { ...u, area: area as FactArea };
});

/** The provisional fact of a unit no fact covers: its coarse checks or reason. */
const provisionalFact = (u: SpecUnit): InventoryFact => {
  const base = {
    id: `${u.area}.${u.id}.provisional`,
    area: u.area,
    kind: 'descriptive' as const,
    level: 'MUST' as const,
    sentence: u.id,
    words: u.text,
    provisional: true as const,
  };
  return u.checks.length > 0
    ? { ...base, judgeable: true, checks: u.checks }
    : { ...base, judgeable: false, why: u.unjudgeable?.reason ?? '' };
};

/** The facts coverage counts: the inventory's, and a provisional one for each unit none covers. */
export function inventory(units: readonly SpecUnit[], facts: readonly Fact[]): InventoryFact[] {
  const covered = new Set(facts.map((f) => f.sentence));
  return [...facts, ...units.filter((u) => !covered.has(u.id)).map(provisionalFact)];
}

/** Each unit with its facts' checks, or their reasons when none of them is judgeable. */
export function deriveSentences(units: readonly SpecUnit[], facts: readonly InventoryFact[]): Sentence[] {
  const bySentence = new Map<string, InventoryFact[]>();
  for (const f of facts) bySentence.set(f.sentence, [...(bySentence.get(f.sentence) ?? []), f]);
  return units.map((u) => {
    const own = bySentence.get(u.id) ?? [];
    const checks = [...new Set(own.flatMap((f) => (f.judgeable ? f.checks : [])))];
    const sentence = {
      id: u.id,
      section: u.section,
      text: u.text,
      area: u.area,
      checks,
      facts: own.map((f) => f.id),
    };
    if (checks.length > 0 || own.length === 0) return sentence;
    const why = [...new Set(own.flatMap((f) => (f.judgeable ? [] : [f.why])))].join('; ');
    const wouldNeed = own.length === 1 && own[0]?.provisional ? u.unjudgeable?.wouldNeed : undefined;
    return { ...sentence, unjudgeable: { reason: why, ...(wouldNeed ? { wouldNeed } : {}) } };
  });
}

export const INVENTORY: readonly InventoryFact[] = inventory(UNITS, FACTS);
export const SENTENCES: readonly Sentence[] = deriveSentences(UNITS, INVENTORY);

/** The units no fact of the inventory covers yet, by area. */
export function uncoveredUnits(
  units: readonly SpecUnit[],
  facts: readonly Fact[],
): Partial<Record<FactArea, string[]>> {
  const covered = new Set(facts.map((f) => f.sentence));
  const out: Partial<Record<FactArea, string[]>> = {};
  for (const u of units) if (!covered.has(u.id)) out[u.area] = [...(out[u.area] ?? []), u.id];
  return out;
}

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
    for (const id of s.checks) if (!known.has(id)) problems.push(`${s.id}: ${id} is no registered check`);
  }
  const named = new Set(sentences.flatMap((s) => s.checks));
  for (const id of checkIds) if (!named.has(id)) problems.push(`${id}: no sentence of the matrix names it`);
  return problems;
}

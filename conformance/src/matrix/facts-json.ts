import { FACTS } from '../facts/index.js';
import { INVENTORY, SENTENCES, SPEC_PATH, UNITS, uncoveredUnits } from './matrix.js';

// matrix/facts.json, the machine-readable inventory the package ships: every fact of src/facts, and
// every sentence of the spec with the checks and facts derived from them (a provisional fact for a
// unit no fact covers yet); and the figures CHECKS.md states. `npm run facts-json -w conformance`
// writes both; a test keeps them current.

/** The inventory's figures: facts, the judgeable share, how much of the spec they cover yet. */
export function inventorySummary() {
  const judgeable = FACTS.filter((f) => f.judgeable).length;
  const uncovered = Object.values(uncoveredUnits(UNITS, FACTS)).flat().length;
  return {
    facts: FACTS.length,
    judgeable,
    unjudgeable: FACTS.length - judgeable,
    judgeablePercent: FACTS.length === 0 ? 0 : Number(((100 * judgeable) / FACTS.length).toFixed(1)),
    sentences: UNITS.length,
    sentencesWithFacts: UNITS.length - uncovered,
    provisionalFacts: INVENTORY.length - FACTS.length,
  };
}

export const factsJson = (): string =>
  `${JSON.stringify(
    {
      spec: SPEC_PATH,
      generatedBy:
        'npm run facts-json -w conformance, from src/checks/*/*.facts.ts and matrix/sentences.json',
      summary: inventorySummary(),
      facts: FACTS,
      sentences: SENTENCES,
    },
    null,
    2,
  )}\n`;

const MARKS = ['<!-- facts-summary -->', '<!-- /facts-summary -->'] as const;

/** CHECKS.md's figures of the inventory, as the facts give them. */
export function factsSummaryLine(): string {
  const s = inventorySummary();
  return `The inventory: ${s.facts} facts, ${s.judgeable} of them judgeable (${s.judgeablePercent} %), ${s.unjudgeable} not; ${s.sentencesWithFacts} of the spec's ${s.sentences} sentences covered by facts, the other ${s.provisionalFacts} still by a provisional fact each.`;
}

/** `markdown` with the text between the facts-summary marks replaced by the current figures. */
export function withFactsSummary(markdown: string): string {
  const start = markdown.indexOf(MARKS[0]);
  const end = markdown.indexOf(MARKS[1]);
  if (start < 0 || end < start) throw new Error(`CHECKS.md has no ${MARKS[0]} … ${MARKS[1]}`);
  return `${markdown.slice(0, start + MARKS[0].length)}\n${factsSummaryLine()}\n${markdown.slice(end)}`;
}

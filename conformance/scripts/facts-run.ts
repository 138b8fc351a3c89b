import type { JudgeableFact } from '../src/facts/fact.js';
import { FACTS } from '../src/facts/index.js';
import { factsLane, PROVEN_MIN, provenFacts } from '../src/testing/facts/facts-lane.js';
import { FACT_VIOLATIONS } from '../src/testing/facts/index.js';

// Runs the facts' violations (all, or those whose fact id starts with one of the arguments, an area
// name included) through the facts lane and prints each outcome, then the proven share of the
// selected judgeable facts and those without a caught violation; exit 1 below PROVEN_MIN %.
// The self-test runs it as a child process (the reference server's faults are per process).
//   npx tsx scripts/facts-run.ts                 every fact
//   npx tsx scripts/facts-run.ts meetings speech.stt.enable_diarization

const prefixes = process.argv.slice(2);
const picked = (id: string) => prefixes.length === 0 || prefixes.some((p) => id === p || id.startsWith(p));
const facts = FACTS.filter((f): f is JudgeableFact => f.judgeable && picked(f.id));
const violations = FACT_VIOLATIONS.filter((v) => picked(v.fact));
const started = performance.now();
const outcomes = await factsLane(facts, violations, (line) => console.log(line));
const { proven, unproven, percent } = provenFacts(facts, outcomes);
console.log(
  `proven: ${proven.length}/${facts.length} judgeable facts = ${percent.toFixed(1)}%  (${violations.length} violations, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
for (const f of unproven) console.log(`  unproven ${f.id}: ${f.words}`);
process.exitCode = percent >= PROVEN_MIN ? 0 : 1;

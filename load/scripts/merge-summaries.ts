import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type InstanceCapacity, mergeCapacity } from '../src/capacity-merge.js';
import { mergeSummaries } from '../src/summary-merge.js';
import { failedThresholds, type SummaryData, textSummary } from '../src/text-summary.js';

// Merges the JSON summaries of several k6 instances of one script (see README "Past one load
// machine"): prints the merged summary and writes it to --out; exits 99 like k6 when a threshold
// failed on any instance. With --capacity the inputs are the instances' capacity.json files.
// Paths are relative to where npm was run (INIT_CWD), not to load/.
//
//   npm run merge-summaries -w load -- --out merged.json a/stt-stream-summary.json b/stt-stream-summary.json
//   npm run merge-summaries -w load -- --capacity --out capacity.json a/capacity.json b/capacity.json

const here = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const capacity = args.includes('--capacity');
const files = args
  .filter((a, i) => i !== outAt && i !== outAt + 1 && a !== '--capacity')
  .map((f) => resolve(here, f));
if (files.length === 0) {
  console.error('usage: merge-summaries [--capacity] [--out merged.json] summary.json…');
  process.exit(2);
}
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as unknown;

if (capacity) {
  // A file is one capacity.json, or one per line (the `capacity.json: ` lines of the pods' logs).
  const parts = files.flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    try {
      return [JSON.parse(text) as InstanceCapacity];
    } catch {
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as InstanceCapacity);
    }
  });
  const merged = mergeCapacity(parts);
  if (out) writeFileSync(resolve(here, out), JSON.stringify(merged, null, 2));
  for (const l of merged.levels)
    console.log(
      `  ${String(l.streams).padStart(5)} streams (${l.level} per instance): ${l.verdict} ${l.reasons.join('; ')}`,
    );
  console.log(`  capacity: ${merged.held} concurrent live streams held over ${merged.instances} instances`);
  process.exit(merged.gatePassed === false ? 99 : 0);
}
const merged = mergeSummaries(files.map((f) => read(f) as SummaryData));
if (out) writeFileSync(resolve(here, out), JSON.stringify(merged, null, 2));
process.stdout.write(textSummary(merged, `merged from ${files.length} instances`));
process.exit(failedThresholds(merged).length > 0 ? 99 : 0);

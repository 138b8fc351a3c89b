import { readFileSync, writeFileSync } from 'node:fs';
import { mergeSummaries } from '../src/summary-merge.ts';
import { failedThresholds, type SummaryData, textSummary } from '../src/text-summary.ts';

// Merges the JSON summaries of several k6 instances of one script (see README "Past one load
// machine"): prints the merged summary and writes it to --out; exits 99 like k6 when a threshold
// failed on any instance.
//
//   npm run merge-summaries -w load -- --out merged.json a/stt-stream-summary.json b/stt-stream-summary.json

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const files = args.filter((_, i) => i !== outAt && i !== outAt + 1);
if (files.length === 0) {
  console.error('usage: merge-summaries [--out merged.json] summary.json…');
  process.exit(2);
}
const merged = mergeSummaries(files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as SummaryData));
if (out) writeFileSync(out, JSON.stringify(merged, null, 2));
process.stdout.write(textSummary(merged, `merged from ${files.length} instances`));
process.exit(failedThresholds(merged).length > 0 ? 99 : 0);

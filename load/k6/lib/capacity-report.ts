import { describeCapacity, levelStatsFromSummary, searchCapacity } from '../../src/capacity-search.ts';
import type { SummaryData } from '../../src/text-summary.ts';
import { summaryHandler } from './summary.ts';

// The capacity script's summary: the usual JSON, JUnit and text, plus the verdict of every level
// and the figure, on the console and in capacity.json.

export function capacityReport(data: SummaryData, levels: readonly number[]): Record<string, string> {
  const files = summaryHandler('capacity')(data);
  const result = searchCapacity(levels.map((level) => levelStatsFromSummary(data.metrics, level)));
  const dir = (__ENV.SUMMARY_DIR || 'results').replace(/\/+$/, '');
  files[`${dir}/capacity.json`] = JSON.stringify(result, null, 2);
  files.stdout = `${files.stdout ?? ''}\n  capacity search\n${describeCapacity(result)}`;
  return files;
}

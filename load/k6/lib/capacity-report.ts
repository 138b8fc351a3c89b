import type { CapacityPlan } from '../../src/capacity-plan.js';
import { describeCapacity, levelStatsFromSummary, searchCapacity } from '../../src/capacity-search.js';
import type { SummaryData } from '../../src/text-summary.js';
import { summaryDir, summaryHandler } from './summary.js';

// The capacity script's summary: the usual JSON, JUnit and text, plus the verdict of every level
// and the figure, on the console and in capacity.json (which merge-summaries --capacity combines
// across instances).

export function capacityReport(data: SummaryData, plan: CapacityPlan): Record<string, string> {
  const files = summaryHandler('capacity')(data);
  const result = searchCapacity(
    plan.levels.map((level) => levelStatsFromSummary(data.metrics, level, plan.perLevel(level))),
  );
  const dir = summaryDir();
  const report = {
    ...result,
    instances: plan.instances,
    ...(plan.capacityMin === undefined ? {} : { capacityMin: plan.capacityMin }),
  };
  files[`${dir}/capacity.json`] = JSON.stringify(report, null, 2);
  // One line a log collector can pick out: with k6-operator, each pod's capacity.json is in its log.
  files.stdout = `${files.stdout ?? ''}\n  capacity search (per instance)\n${describeCapacity(result)}\ncapacity.json: ${JSON.stringify(report)}\n`;
  return files;
}

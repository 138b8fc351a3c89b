import { jUnit } from 'k6-junit';
import { type SummaryData, textSummary } from '../../src/text-summary.js';
import { RESULTS_DIR } from './paths.js';

// handleSummary for every script: a JSON summary (mergeable across instances, see
// scripts/merge-summaries.ts), a JUnit XML file for CI (k6-junit from npm, bundled in: remote jslib
// modules are not reachable), and the console text (k6 prints nothing itself once
// handleSummary exists). SUMMARY_DIR says where the files go.

/**
 * SUMMARY_DIR, or load/results/ found from the bundle (k6 resolves a relative output path against
 * the working directory, so `k6 run load/dist/…` from the repository root would miss the folder).
 */
export function summaryDir(): string {
  return __ENV.SUMMARY_DIR ? __ENV.SUMMARY_DIR.replace(/\/+$/, '') : RESULTS_DIR;
}

export function summaryHandler(script: string) {
  return (data: SummaryData): Record<string, string> => {
    const dir = summaryDir();
    return {
      stdout: textSummary(data, `parley ${script}`),
      [`${dir}/${script}-summary.json`]: JSON.stringify(data, null, 2),
      [`${dir}/${script}-junit.xml`]: jUnit(data),
    };
  };
}

import { jUnit } from '../../../node_modules/k6-junit/index.js';
import { type SummaryData, textSummary } from '../../src/text-summary.ts';

// handleSummary for every script: a JSON summary (mergeable across instances, see
// scripts/merge-summaries.ts), a JUnit XML file for CI (k6-junit from npm, by relative path: remote
// jslib modules are not reachable), and the console text (k6 prints nothing itself once
// handleSummary exists). SUMMARY_DIR says where the files go.

/**
 * SUMMARY_DIR, or load/results/ found from this file (k6 resolves a relative output path against
 * the working directory, so `k6 run load/k6/…` from the repository root would miss the folder).
 */
export function summaryDir(): string {
  return __ENV.SUMMARY_DIR ? __ENV.SUMMARY_DIR.replace(/\/+$/, '') : RESULTS;
}

// Resolved at init, where k6 gives modules import.meta.resolve for sure (fixtures.ts does the same).
const RESULTS = decodeURIComponent(import.meta.resolve('../../results').replace(/^file:\/\//, ''));

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

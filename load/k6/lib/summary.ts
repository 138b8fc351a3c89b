import { jUnit } from '../../../node_modules/k6-junit/index.js';
import { type SummaryData, textSummary } from '../../src/text-summary.ts';

// handleSummary for every script: a JSON summary (mergeable across instances, see
// scripts/merge-summaries.ts), a JUnit XML file for CI (k6-junit from npm, by relative path: remote
// jslib modules are not reachable), and the console text (k6 prints nothing itself once
// handleSummary exists). SUMMARY_DIR says where the files go.

export function summaryHandler(script: string) {
  return (data: SummaryData): Record<string, string> => {
    const dir = (__ENV.SUMMARY_DIR || 'results').replace(/\/+$/, '');
    return {
      stdout: textSummary(data, `parley ${script}`),
      [`${dir}/${script}-summary.json`]: JSON.stringify(data, null, 2),
      [`${dir}/${script}-junit.xml`]: jUnit(data),
    };
  };
}

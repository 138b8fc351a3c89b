import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReport } from '../report.js';
import { githubAnnotations, githubSummary } from './github.reporter.js';

/**
 * The github reporter's outputs: summary.md in the report folder (for a pull-request comment), the
 * same appended to the step summary when $GITHUB_STEP_SUMMARY names one, and the workflow commands
 * on stdout (where the runner reads them; not when the caller silenced the run's output).
 */
export function writeGithub(report: RunReport, outDir: string, silent: boolean): void {
  const summary = `${githubSummary(report, join(outDir, 'report.json'))}\n`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'summary.md'), summary);
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (stepSummary) appendFileSync(stepSummary, summary);
  if (!silent)
    for (const line of githubAnnotations(report, join(outDir, 'report.json')))
      process.stdout.write(`${line}\n`);
}

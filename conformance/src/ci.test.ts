import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RunReport } from './report.js';
import { GitHubRunner, type Job, type Step, type StepRecord } from './testing/github-actions.js';

// The workflow of conformance/ci/reference.github.yml, its steps run here as GitHub's runner would
// (src/testing/github-actions.ts), for a pull request: the reference server started as a deployment
// of its own, the action (action.yml) run against it with every credential an input, the summary
// posted as the pull request's comment; then the action alone on a run that skips the stream under a
// coverage gate the first run met.

const repo = fileURLToPath(new URL('../../', import.meta.url));
// The job's checkout: the repository's entries linked into a folder of its own, so the reports the
// steps write land there, not in the shared repository.
const workspace = mkdtempSync(join(tmpdir(), 'kit-workspace-'));
for (const entry of readdirSync(repo))
  if (entry !== '.git') symlinkSync(join(repo, entry), join(workspace, entry));

const workflow = parse(readFileSync(join(repo, 'conformance/ci/reference.github.yml'), 'utf8')) as {
  jobs: { conformance: { steps: Step[] } };
};
// A pull request's run; `gh` (the pull-request comment) is a stand-in that keeps what it was asked.
const fakeBin = join(workspace, '.fake-bin');
mkdirSync(fakeBin);
writeFileSync(
  join(fakeBin, 'gh'),
  `#!/bin/bash\nprintf '%s\\n' "$@" > "${fakeBin}/gh.args"\ncp "\${@: -1}" "${fakeBin}/gh.body"\n`,
);
chmodSync(join(fakeBin, 'gh'), 0o755);
const runner = new GitHubRunner({
  workspace,
  skip: { install: 'the checkout is installed already (npm ci would replace the node_modules it shares)' },
  github: { event_name: 'pull_request', token: 'not-a-token', event: { pull_request: { number: 7 } } },
  env: { PATH: `${fakeBin}:${process.env.PATH}` },
});

let job: Job;
const step = (id: string) => job.steps.find((s) => s.id === id) as StepRecord;
const inner = (action: StepRecord, name: string) => action.steps?.find((s) => s.name === name) as StepRecord;
const reportOf = (dir: string): RunReport =>
  JSON.parse(readFileSync(join(workspace, dir, 'report.json'), 'utf8'));

afterAll(() => {
  // The server the reference step started, by the pid it wrote (also when a later step failed).
  const started = join(runner.temp, 'reference.env');
  const pid = existsSync(started) ? Number(/^pid=(\d+)$/m.exec(readFileSync(started, 'utf8'))?.[1]) : 0;
  if (pid) process.kill(pid, 'SIGTERM');
  rmSync(workspace, { recursive: true, force: true });
});

describe('the GitHub Action on the reference server (the workflow in conformance/ci)', () => {
  it('runs the kit against the started server; outputs, summary, annotations and artifact follow the report', async () => {
    job = await runner.runJob(workflow.jobs.conformance.steps);
    expect(job.steps.map((s) => [s.id ?? s.name, s.outcome === 'skipped' ? 'skipped' : 'ran'])).toEqual([
      ['actions/checkout@v4', 'ran'],
      ['actions/setup-node@v4', 'ran'],
      ['install', 'skipped'],
      ['reference', 'ran'],
      ['conformance', 'ran'],
      ['Comment on the pull request', 'ran'],
    ]);
    const reference = step('reference');
    expect(reference.outcome).toBe('success');
    expect(reference.outputs['base-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const action = step('conformance');
    const outputs = action.outputs;
    expect(outputs['report-dir']).toBe('conformance-report');
    const report = reportOf('conformance-report');
    expect(report.baseUrl).toBe(reference.outputs['base-url']);
    expect(report.profile).toBe('smoke');
    expect(report.retries).toBe(1);
    // The step's verdict is the kit's: a failure of the reference server (the live stream's
    // deadlines at a high load) fails the step; the outputs say so either way.
    expect(outputs['exit-code']).toBe(String(report.exitCode));
    expect(action.outcome).toBe(report.exitCode === 0 ? 'success' : 'failure');
    expect(JSON.parse(outputs.counts ?? '')).toEqual(report.summary);
    expect(outputs.passed).toBe(String(report.summary.PASS ?? 0));
    expect(Number(outputs.passed)).toBeGreaterThan(10);
    expect(outputs.failed).toBe(String(report.summary.FAIL ?? 0));
    expect(outputs.flaky).toBe(String(report.summary.FLAKY ?? 0));
    expect(outputs.coverage).toBe(report.coverage.percent.toFixed(1));
    expect(report.coverageGate).toMatchObject({ min: 50, met: true });

    // The step summary and the PR comment file are the same Markdown; one ::error per failure.
    const summary = readFileSync(join(workspace, outputs['summary-file'] ?? ''), 'utf8');
    expect(job.summary).toBe(summary);
    expect(summary).toMatch(/^## Parley conformance: /);
    const failing = report.results.filter((r) => r.status === 'FAIL' && !r.baselined);
    expect(job.annotations.filter((a) => a.startsWith('::error '))).toHaveLength(failing.length);
    expect(job.annotations.filter((a) => a.startsWith('::warning '))).toHaveLength(
      report.results.filter((r) => r.status === 'NON_STRICT').length,
    );

    // The pull request gets the same summary as a comment, whatever the verdict.
    const comment = job.steps.find((s) => s.name === 'Comment on the pull request');
    expect(comment?.outcome).toBe('success');
    expect(readFileSync(join(fakeBin, 'gh.args'), 'utf8')).toBe(
      `pr\ncomment\n7\n--body-file\n${outputs['summary-file']}\n`,
    );
    expect(readFileSync(join(fakeBin, 'gh.body'), 'utf8')).toBe(summary);

    const upload = inner(action, 'Upload the reports');
    expect(upload.artifact).toEqual({
      name: 'conformance-report',
      path: join(workspace, 'conformance-report'),
    });
    expect(readdirSync(upload.artifact?.path ?? '').sort()).toEqual([
      'junit.xml',
      'report.html',
      'report.json',
      'summary.md',
    ]);
  }, 170_000);

  it('masks every secret input and prints none of them', () => {
    const { outputs } = step('reference');
    const [clientSecret, password] = [outputs['oauth-client'], outputs['oauth-user']].map((v) =>
      (v ?? '').slice((v ?? '').indexOf(':') + 1),
    );
    const secrets = [
      outputs['api-key'],
      outputs['second-api-key'],
      outputs['oauth-client'],
      outputs['oauth-user'],
      clientSecret,
      password,
    ] as string[];
    expect(job.masks.sort()).toEqual([...secrets].sort());
    const run = inner(step('conformance'), 'Run the conformance kit');
    const files = ['report.json', 'junit.xml', 'report.html', 'summary.md'].map((f) =>
      readFileSync(join(workspace, 'conformance-report', f), 'utf8'),
    );
    for (const text of [run.stdout, run.stderr, job.summary, ...files])
      for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('--min-coverage fails a run that skipped the stream, with an ::error naming the reason', async () => {
    const { outputs } = step('reference');
    const whole = reportOf('conformance-report').coverage.percent;
    const before = job.annotations.length;
    const action = await runner.runAction(workspace, {
      'base-url': outputs['base-url'] ?? '',
      'api-key': outputs['api-key'] ?? '',
      profile: 'smoke',
      exclude: 'stream',
      'min-coverage': whole.toFixed(1),
      out: 'no-stream',
      retries: '0',
    });
    const report = reportOf('no-stream');
    expect(report.results.some((r) => r.area === 'stream')).toBe(false);
    expect(report.coverage.percent).toBeLessThan(whole);
    expect(report.coverageGate).toMatchObject({ met: false });
    expect(action.outputs['exit-code']).toBe('1');
    expect(action.outcome).toBe('failure');
    const gate = job.annotations.slice(before).filter((a) => a.startsWith('::error title=spec coverage'));
    expect(gate).toHaveLength(1);
    expect(gate[0]).toContain(`less than --min-coverage ${whole.toFixed(1)} %25`);
    expect(inner(action, 'Upload the reports').outcome).toBe('success');
  }, 120_000);
});

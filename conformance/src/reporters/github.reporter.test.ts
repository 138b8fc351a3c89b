import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyBaseline } from '../baseline.js';
import type { CheckResult } from '../check.js';
import { CHECKS } from '../checks/index.js';
import { coverageGate, gatedExitCode } from '../coverage-gate.js';
import { specCoverage } from '../matrix/coverage.js';
import { exitCodeOf, type RunReport } from '../report.js';
import { consoleReport } from './console.reporter.js';
import { githubAnnotations, githubSummary, replayCommand, SUMMARY_LIMIT_BYTES } from './github.reporter.js';
import { escapeData, escapeProperty } from './github-commands.js';
import { writeGithub } from './github-output.js';
import { htmlReport } from './html.reporter.js';
import { junitReport } from './junit.reporter.js';
import { deviation, report, result, SECRET } from './sample-report.test-support.js';

// The github reporter on a run with a failure, a baselined failure, an expired and a stale baseline
// entry, a NON_STRICT, a FLAKY and a skip, under a coverage gate it does not meet.

/** What the runner makes of a workflow command's message or property (GitHub's unescaping). */
const runnerReads = (text: string) =>
  text
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%');

function sample(): RunReport {
  const failing = result('errors.04.unknown-ids', 'FAIL', 'code is "GONE": 50% of routes, really');
  const accepted = result('rest.05.pagination-walk', 'FAIL', 'has_more lies', [
    deviation('rest.05.pagination-walk', 'VALUE', 'get-meetings page $.has_more'),
  ]);
  const nonStrict: CheckResult = {
    ...result('speech.05.denoise-m4a', 'NON_STRICT', "Parley's choice not followed: applied_atten_db"),
    level: 'SHOULD',
  };
  const flaky: CheckResult = {
    ...result('rest.08.health', 'FLAKY', 'failed, then PASS on attempt 2: expected 200, got 503', [
      deviation('rest.08.health', 'STATUS', 'GET /health status'),
    ]),
    attempts: [
      { status: 'FAIL', message: 'expected 200, got 503', durationMs: 4 },
      { status: 'PASS', message: '', durationMs: 3 },
    ],
  };
  const skipped = {
    ...result('speech.01.stt-fixture', 'SKIPPED', 'needs --audio-base-url'),
    needs: ['--audio-base-url'],
  };
  const results = [result('rest.01.route-schemas', 'PASS'), failing, accepted, nonStrict, flaky, skipped];
  const baseline = applyBaseline(
    results,
    [
      {
        fingerprint: accepted.fingerprints?.[0] as string,
        reason: 'TICKET-7: has_more',
        expires: '2099-01-01',
      },
      {
        fingerprint: 'rest.03.get-meetings-newest-first ORDER get-meetings $.meetings',
        reason: 'fixed',
        expires: '2099-01-01',
      },
      {
        fingerprint: 'errors.04.unknown-ids VALUE get-meeting-messages $.code',
        reason: 'TICKET-12',
        expires: '2020-01-01',
      },
    ],
    new Date('2026-06-01'),
  );
  const base = report(results);
  const gate = coverageGate(base.coverage, 90);
  return {
    ...base,
    summary: { PASS: 1, FAIL: 2, NON_STRICT: 1, FLAKY: 1, SKIPPED: 1 },
    baseline,
    coverageGate: gate,
    exitCode: gatedExitCode(exitCodeOf(results, baseline), gate),
    retries: 1,
  };
}

describe('the github reporter', () => {
  const run = sample();
  const summary = githubSummary(run, 'out/report.json');
  const commands = githubAnnotations(run, 'out/report.json');

  it('the summary gives the verdict, the counts, each failure whole with its sentence and replay', () => {
    expect(summary).toMatch(/^## Parley conformance: ❌ does not conform\n/);
    expect(summary).toContain(
      '| PASS | FAIL | NON_STRICT | FLAKY | SKIPPED |\n|---|---|---|---|---|\n| 1 | 2 | 1 | 1 | 1 |',
    );
    const failure = summary.slice(summary.indexOf('#### ❌ `errors.04.unknown-ids`'));
    const spec = CHECKS.find((c) => c.id === 'errors.04.unknown-ids')?.spec ?? '';
    expect(failure).toContain(`> ${spec.replace(/\|/g, '\\|')}`);
    expect(failure).toContain(
      '| ` VALUE ` | ` get-meeting-messages $.code ` | ` NOT_FOUND ` | ` GONE ` | code is "GONE": 50% of routes, really |',
    );
    expect(failure).toContain(
      `\`\`\`sh\n${replayCommand('out/report.json', 'errors.04.unknown-ids')}\n\`\`\``,
    );
    expect(failure).toContain("curl -sS -X POST 'http://host/v1/stt?api_key=<API_KEY>'");
    // A fence its content cannot close: a repro holding ``` gets a longer one.
    const scripted = {
      ...run,
      results: run.results.map((r) => ({
        ...r,
        evidence: r.evidence.map((e) => ({ ...e, repro: 'node -e "```"' })),
      })),
    };
    expect(githubSummary(scripted, 'r.json')).toContain('````sh\nnode -e "```"\n````');
    // The baselined failure is not among the failures.
    expect(summary.match(/#### ❌/g)).toHaveLength(1);
  });

  it('the summary lists the baseline (accepted, expired, stale), FLAKY with both answers, NON_STRICT, skips', () => {
    const baseline = summary.slice(summary.indexOf('### Baseline'));
    expect(baseline).toContain('| accepted | ` rest.05.pagination-walk ` | TICKET-7: has_more |');
    expect(baseline).toContain(
      '| **expired** (fails the run) | ` errors.04.unknown-ids VALUE get-meeting-messages $.code ` | TICKET-12 | 2020-01-01 |',
    );
    expect(baseline).toContain(
      '| stale (matched nothing: remove it) | ` rest.03.get-meetings-newest-first ORDER',
    );
    const flaky = summary.slice(summary.indexOf('### Flaky'));
    expect(flaky).toContain('- `rest.08.health`: failed, then PASS on attempt 2');
    expect(flaky).toContain('  - attempt 1: FAIL — expected 200, got 503 (4 ms)\n  - attempt 2: PASS (3 ms)');
    expect(summary).toContain("- `speech.05.denoise-m4a`: Parley's choice not followed: applied_atten_db");
    expect(summary.slice(summary.indexOf('### Skipped'))).toContain(
      '- `speech.01.stt-fixture`: needs --audio-base-url',
    );
    expect(summary).not.toContain(SECRET);
  });

  it('the summary shows the coverage, the gate and what a missing input would add', () => {
    const coverage = summary.slice(summary.indexOf('### Spec coverage'));
    expect(coverage).toContain(
      `**${run.coverage.percent.toFixed(1)} %** of the spec's judgeable facts judged`,
    );
    expect(coverage).toContain('--min-coverage 90 %: **not met** (fails the run):');
    expect(coverage).toMatch(/\| ` --audio-base-url ` \| [1-9]\d* \|/);
  });

  it('one ::error per failure (and the gate, and the expired entry), a ::warning per NON_STRICT, a ::notice per FLAKY', () => {
    const of = (level: string) => commands.filter((c) => c.startsWith(`::${level} `));
    expect(of('error')).toHaveLength(3);
    expect(of('warning')).toHaveLength(1);
    expect(of('notice')).toHaveLength(1);
    expect(commands).toHaveLength(5);
    const [failure] = of('error');
    const [, title = '', message = ''] = /^::error title=([^:]*)::(.*)$/.exec(failure ?? '') ?? [];
    // One line each: no raw line break, the property's own ':' and ',' escaped.
    expect(commands.every((c) => !/[\r\n]/.test(c))).toBe(true);
    expect(title).toBe('errors.04.unknown-ids (MUST%2C FAIL)');
    expect(runnerReads(title)).toBe('errors.04.unknown-ids (MUST, FAIL)');
    expect(runnerReads(message)).toBe(
      `code is "GONE": 50% of routes, really\nThe spec: ${CHECKS.find((c) => c.id === 'errors.04.unknown-ids')?.spec}\nRun it again: ${replayCommand('out/report.json', 'errors.04.unknown-ids')}`,
    );
    expect(of('error')[1]).toMatch(
      /^::error title=spec coverage under --min-coverage::\d+\.\d %25 of the spec/,
    );
    expect(of('warning')[0]).toMatch(/^::warning title=speech.05.denoise-m4a \(SHOULD%2C NON_STRICT\)::/);
    expect(runnerReads(of('notice')[0] ?? '')).toContain(
      'attempt 1: FAIL — expected 200, got 503 (4 ms)\nattempt 2: PASS',
    );
  });

  it("escapes as GitHub's runner reads: % first, CR and LF everywhere, ':' and ',' in properties", () => {
    expect(escapeData('50%\r\nnext: a, b %0A')).toBe('50%25%0D%0Anext: a, b %250A');
    expect(escapeProperty('a: b, c%')).toBe('a%3A b%2C c%25');
    for (const text of ['x%0Ay', 'a:b,c\nd', '100%\r']) expect(runnerReads(escapeProperty(text))).toBe(text);
  });
});

describe('FLAKY in the other reports', () => {
  it('console, HTML and JUnit show every attempt; JUnit passes it, the console does not list it a failure', () => {
    const run = sample();
    const printed = consoleReport(run);
    expect(printed).toContain(
      'FLKY  MUST   rest.08.health                           failed, then PASS on attempt 2: expected 200, got 503\n      attempt 1: FAIL — expected 200, got 503 (4 ms)\n      attempt 2: PASS (3 ms)',
    );
    expect(printed.slice(printed.indexOf('\nFAILURES\n'))).not.toContain('rest.08.health');
    expect(htmlReport(run)).toContain(
      '<ol class="attempts"><li>attempt 1: FAIL — expected 200, got 503 (4 ms)</li><li>attempt 2: PASS (3 ms)</li></ol>',
    );
    const junit = junitReport(run);
    const testcase = junit.slice(
      junit.indexOf('name="rest.08.health'),
      junit.indexOf('</testcase>', junit.indexOf('name="rest.08.health')),
    );
    expect(testcase).not.toContain('<failure');
    expect(testcase).toContain(
      '<system-out>FLAKY: failed, then PASS on attempt 2: expected 200, got 503\nattempt 1: FAIL',
    );
  });
});

describe('a summary of many big failures', () => {
  it('stays under the 1 MiB GitHub takes, writing fewer out whole and naming the rest', () => {
    const long = 'x'.repeat(300);
    const results = Array.from({ length: 120 }, (_, n) => {
      const id = `errors.04.unknown-ids-${n}`;
      const deviations = Array.from({ length: 20 }, (_, d) => ({
        // A deviation's message is the check's own words, not cut to an excerpt.
        ...deviation(id, 'VALUE', `get-meeting-messages $.items[${d}].code`, long.repeat(5)),
        expected: long,
        actual: long,
      }));
      const failing = result(id, 'FAIL', long, deviations);
      return {
        ...failing,
        evidence: [{ ...(failing.evidence[0] as CheckResult['evidence'][0]), repro: long.repeat(7) }],
      };
    });
    const summary = githubSummary(report(results), 'report.json');
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    const whole = summary.match(/^#### ❌ /gm)?.length ?? 0;
    expect(whole).toBeGreaterThan(0);
    expect(whole).toBeLessThan(40);
    expect(summary).toContain(
      `… and ${120 - whole} more (report.html has every one): \`errors.04.unknown-ids-${whole}\``,
    );
    expect(summary).toContain('`errors.04.unknown-ids-119`');
  });
});

describe('the github reporter writes', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('summary.md, the same appended to $GITHUB_STEP_SUMMARY, and the commands on stdout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-github-'));
    const stepSummary = join(dir, 'step-summary.md');
    writeFileSync(stepSummary, '# an earlier step\n');
    vi.stubEnv('GITHUB_STEP_SUMMARY', stepSummary);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const run = sample();
    writeGithub(run, join(dir, 'out'), false);
    const file = readFileSync(join(dir, 'out/summary.md'), 'utf8');
    expect(file).toBe(`${githubSummary(run, join(dir, 'out/report.json'))}\n`);
    expect(readFileSync(stepSummary, 'utf8')).toBe(`# an earlier step\n${file}`);
    const printed = out.mock.calls.map((c) => String(c[0]));
    expect(printed).toEqual(githubAnnotations(run, join(dir, 'out/report.json')).map((l) => `${l}\n`));
  });
});

describe('--min-coverage', () => {
  // Every check passing, with and without the stream: the figures are the matrix's (report.coverage).
  const all = CHECKS.map((c) => result(c.id, 'PASS'));
  const withoutStream = all.filter((r) => r.area !== 'stream');

  it('fails a run that skipped the stream, under a gate the whole run meets, with the reason', () => {
    const whole = specCoverage(all);
    const partial = specCoverage(withoutStream);
    expect(partial.percent).toBeLessThan(whole.percent);
    const min = Math.floor(whole.percent);
    expect(gatedExitCode(exitCodeOf(all), coverageGate(whole, min))).toBe(0);
    const gate = coverageGate(partial, min);
    expect(gate.met).toBe(false);
    expect(gatedExitCode(exitCodeOf(withoutStream), gate)).toBe(1);
    expect(gate.reason).toMatch(
      new RegExp(
        `^${partial.percent.toFixed(1)} % of the spec's judgeable facts judged \\(${partial.judged} of ${partial.judgeable}\\), less than --min-coverage ${min} %; \\d+ not run`,
      ),
    );
  });

  it('the console, HTML and JSON reports give the gate and its reason', () => {
    const run = sample();
    const reason = run.coverageGate?.reason ?? '';
    expect(reason).toMatch(/less than --min-coverage 90 %/);
    expect(consoleReport(run)).toContain(`COVERAGE GATE (fails the run): ${reason}`);
    expect(htmlReport(run)).toContain(
      '<p id="coverage-gate">--min-coverage 90 %: <b style="color:#cf222e">not met</b>',
    );
    expect(JSON.parse(JSON.stringify(run)).coverageGate).toEqual({
      min: 90,
      percent: run.coverage.percent,
      met: false,
      reason,
    });
    const met = { ...run, coverageGate: coverageGate(run.coverage, 1) };
    expect(consoleReport(met)).not.toContain('COVERAGE GATE');
    expect(htmlReport(met)).toContain('<p id="coverage-gate">--min-coverage 1 %: met</p>');
  });

  it('keeps a run that failed or judged nothing at its own code', () => {
    const gate = coverageGate(specCoverage([]), 50);
    expect(gatedExitCode(1, gate)).toBe(1);
    expect(gatedExitCode(2, gate)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { INVENTORY, SENTENCES } from '../matrix/matrix.js';
import { consoleReport } from './console.reporter.js';
import { htmlReport } from './html.reporter.js';
import { junitReport } from './junit.reporter.js';
import { report, result } from './sample-report.test-support.js';

// Every report gives the run's spec coverage, counted in facts: judged, passed, failed, skipped for
// want of an input (naming the flag), not run, not judgeable; and each sentence's status.

describe('spec coverage in the reports', () => {
  const sample = report([
    result('rest.01.route-schemas', 'PASS'),
    result('errors.04.unknown-ids', 'FAIL', 'code is "GONE"'),
    { ...result('speech.01.stt-fixture', 'SKIPPED', 'needs --audio-base-url'), needs: ['--audio-base-url'] },
  ]);
  const c = sample.coverage;
  const failed = c.sentences.filter((s) => s.status === 'failed').map((s) => s.id);
  const skippedForAudio = c.skippedForInput.filter((s) => s.flags.includes('--audio-base-url'));
  const sentenceOf = new Map(c.facts.map((f) => [f.id, f.sentence]));

  it('counts what the results judged', () => {
    expect(c.total).toBe(INVENTORY.length);
    expect(c.sentences).toHaveLength(SENTENCES.length);
    expect(failed).toContain('S-errors-01');
    // S-what-the-service-does-09 rests on speech.01 alone: its facts skipped, naming the flag they needed.
    expect(skippedForAudio.map((s) => sentenceOf.get(s.fact))).toContain('S-what-the-service-does-09');
    expect(c.judged).toBe(c.passed + c.failed);
    expect(c.percent).toBeCloseTo((c.judged / c.judgeable) * 100);
  });

  it('the console gives the figures before the summary line, and the failed sentences', () => {
    const lines = consoleReport(sample).trim().split('\n');
    expect(lines.at(-1)).toMatch(/^1 PASS, 1 FAIL; exit 1/);
    const line = lines.find((l) => l.startsWith('Spec coverage: ')) ?? '';
    expect(line).toContain(
      `${c.judged} of ${c.judgeable} judgeable facts judged (${c.percent.toFixed(1)} %)`,
    );
    expect(line).toContain(`${c.passed} passed, ${c.failed} failed`);
    expect(line).toContain(`(for want of --audio-base-url: ${skippedForAudio.length})`);
    expect(line).toContain(`${c.notJudgeable} not judgeable (${c.total} facts in all`);
    expect(lines).toContain(`  failed sentences: ${failed.join(', ')}`);
  });

  it('JSON carries the coverage with each fact and each sentence', () => {
    const json = JSON.parse(JSON.stringify(sample));
    expect(json.coverage.sentences).toHaveLength(SENTENCES.length);
    expect(json.coverage.facts).toHaveLength(INVENTORY.length);
    const audio = json.coverage.facts.find(
      (f: { sentence: string }) => f.sentence === 'S-what-the-service-does-09',
    );
    expect(json.coverage.skippedForInput).toContainEqual({ fact: audio.id, flags: ['--audio-base-url'] });
  });

  it('HTML has a coverage section: each sentence, its status, its checks, its flag or reason', () => {
    const html = htmlReport(sample);
    expect(html).toContain('<h2 id="coverage">Spec coverage</h2>');
    expect(html).toContain(`<b>${c.percent.toFixed(1)} %</b>`);
    expect(html.match(/<tr class="sentence-/g)).toHaveLength(SENTENCES.length);
    expect(html).toMatch(/<tr class="sentence-failed"><td[^>]*><code>S-errors-01<\/code>/);
    expect(html).toMatch(/<code>S-what-the-service-does-09<\/code>.*needs --audio-base-url/);
    const unjudgeable = SENTENCES.find((s) => s.unjudgeable?.reason.includes('not shown'));
    const reason = (unjudgeable?.unjudgeable?.reason ?? '').slice(0, 24).replace(/[^\w ]/g, '.');
    expect(html).toMatch(new RegExp(`<code>${unjudgeable?.id}</code>.*${reason}`));
  });

  it('JUnit holds the figures as properties of a suite of its own', () => {
    const xml = junitReport(sample);
    expect(xml).toContain(
      '<testsuite name="parley-conformance.coverage" tests="0" failures="0" skipped="0">',
    );
    expect(xml).toContain(`<property name="facts.judged" value="${c.judged}"/>`);
    expect(xml).toContain(`<property name="facts.percent" value="${c.percent.toFixed(1)}"/>`);
    expect(xml).toContain(
      `<property name="facts.skipped-for --audio-base-url" value="${skippedForAudio.length}"/>`,
    );
    expect(xml.match(/<failure /g)).toHaveLength(1);
  });
});

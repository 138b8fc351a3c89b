import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBaseline, fingerprintOf, readBaseline } from '../baseline.js';
import { exitCodeOf } from '../report.js';
import { consoleReport } from './console.reporter.js';
import { htmlReport } from './html.reporter.js';
import { junitReport } from './junit.reporter.js';
import { deviation, report, result } from './sample-report.test-support.js';

// The baseline: fingerprints of id, code and path; expiry, staleness, the old form refused; every
// reporter shows expired and stale entries.

describe('baseline', () => {
  const today = new Date('2026-06-01');
  it('accepts a listed deviation, fails an expired one, reports a stale one', () => {
    const failing = result('errors.04.unknown-ids', 'FAIL', 'code is "GONE" for meeting m-123');
    const fingerprint = failing.fingerprints?.[0] as string;
    expect(fingerprint).toBe('errors.04.unknown-ids VALUE get-meeting-messages $.code');
    const entries = [
      { fingerprint, reason: 'known', expires: '2099-01-01' },
      {
        fingerprint: 'rest.01.route-schemas TYPE create-meeting $.meeting.id',
        reason: 'fixed long ago',
        expires: '2099-01-01',
      },
    ];
    const outcome = applyBaseline([failing], entries, today);
    expect(failing.baselined).toBe('known');
    expect(failing.deviations?.[0]?.baselined).toBe('known');
    expect(exitCodeOf([failing], outcome)).toBe(0);
    expect(outcome.stale.map((e) => e.reason)).toEqual(['fixed long ago']);

    const again = result('errors.04.unknown-ids', 'FAIL', 'code is "GONE" for meeting m-999');
    const expired = applyBaseline([again], [{ fingerprint, reason: 'old', expires: '2020-01-01' }], today);
    expect(exitCodeOf([again], expired)).toBe(1);
    const other = result('errors.04.unknown-ids', 'FAIL', 'status 500', [
      deviation('errors.04.unknown-ids', 'STATUS', 'get-meeting-messages status'),
    ]);
    expect(exitCodeOf([other], applyBaseline([other], entries, today))).toBe(1);
  });

  it("one entry does not hide another field's deviation: the fingerprint is id, code and path", () => {
    const id = 'rest.01.route-schemas';
    const accepted = deviation(
      id,
      'TYPE',
      'create-meeting $.meeting.created_at',
      'created_at is 1, not a string',
    );
    const entries = [{ fingerprint: accepted.fingerprint, reason: 'v0 dates', expires: '2099-01-01' }];
    // The same type error in another field: a message masked of its quoted values looked the same.
    const other = deviation(
      id,
      'TYPE',
      'create-meeting $.meeting.updated_at',
      'updated_at is 1, not a string',
    );
    expect(other.fingerprint).not.toBe(accepted.fingerprint);
    const both = result(id, 'FAIL', 'x', [accepted, other]);
    expect(exitCodeOf([both], applyBaseline([both], entries, today))).toBe(1);
    expect(both.baselined).toBeUndefined();
    expect(both.deviations?.map((d) => d.baselined)).toEqual(['v0 dates', undefined]);
    // Array indexes are one entry: the same field of every item.
    expect(fingerprintOf(id, 'TYPE', 'get-meetings $.meetings[7].id')).toBe(
      fingerprintOf(id, 'TYPE', 'get-meetings $.meetings[0].id'),
    );
  });

  it('a baseline of the old fingerprint form is refused with how to regenerate it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-baseline-'));
    const file = join(dir, 'baseline.json');
    writeFileSync(
      file,
      JSON.stringify({
        entries: [{ fingerprint: 'errors.04.unknown-ids: code is "…"', reason: 'r', expires: '2099-01-01' }],
      }),
    );
    expect(() => readBaseline(file)).toThrow(/Regenerate it: run the kit with --reporter json/);
    writeFileSync(
      file,
      JSON.stringify({
        entries: [
          {
            fingerprint: 'errors.04.unknown-ids VALUE get-meeting-messages $.code',
            reason: 'r',
            expires: '2099-01-01',
          },
        ],
      }),
    );
    expect(readBaseline(file)).toHaveLength(1);
  });

  it('expired and stale entries are in the HTML and JUnit reports, each deviation in every format', () => {
    const failing = result('errors.04.unknown-ids', 'FAIL', 'code is "GONE"');
    const outcome = applyBaseline(
      [failing],
      [
        { fingerprint: failing.fingerprints?.[0] as string, reason: 'ticket 12', expires: '2020-01-01' },
        {
          fingerprint: 'rest.05.pagination-walk ORDER get-meetings page $.meetings[*].updated_at',
          reason: 'gone',
          expires: '2099-01-01',
        },
      ],
      today,
    );
    const withBaseline = {
      ...report([failing]),
      baseline: outcome,
      exitCode: exitCodeOf([failing], outcome),
    };
    const html = htmlReport(withBaseline);
    expect(html).toContain('class="baseline-EXPIRED"');
    expect(html).toContain('class="baseline-STALE"');
    expect(html).toContain('rest.05.pagination-walk ORDER get-meetings page $.meetings[*].updated_at');
    const xml = junitReport(withBaseline);
    expect(xml).toContain('parley-conformance.baseline');
    expect(xml).toMatch(/<failure message="baseline entry expired 2020-01-01: ticket 12"/);
    expect(xml).toMatch(/<skipped message="stale baseline entry[^"]*gone"/);
    for (const text of [html, xml, consoleReport(withBaseline)])
      expect(text).toContain('errors.04.unknown-ids VALUE get-meeting-messages $.code');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { k6Summary } from '../test-support/k6-thresholds.js';
import { streamThresholds } from './budgets.js';
import { runThresholds } from './run-thresholds.js';
import { sampleGateProblem, samplesNeeded, withSampleGates } from './sample-gates.js';
import { failedThresholds } from './text-summary.js';

describe('count gates beside every gated trend and rate', () => {
  it('ask for the samples each statistic needs: a percentile its MIN_SAMPLES, any other one', () => {
    expect(samplesNeeded(['max<3000'])).toBe(1);
    expect(samplesNeeded(['p(95)<3000'])).toBe(20);
    expect(samplesNeeded(['p(95)<5000', 'p(99)<8000'])).toBe(100);
    expect(samplesNeeded([{ threshold: 'rate>=0.99', abortOnFail: true }])).toBe(1);
  });

  it('name the counter of each gated key, with its tags; counters need none', () => {
    expect(
      withSampleGates({
        'parley_stream_first_interim_ms{level:3}': ['max<=2000'],
        'http_req_duration{name:get-meetings}': ['p(95)<500'],
        'checks{journey:details}': ['rate>=0.99'],
        parley_stream_lost_finals: ['count<1'],
      }),
    ).toEqual({
      'parley_stream_first_interim_ms{level:3}': ['max<=2000'],
      'parley_samples{metric:parley_stream_first_interim_ms,level:3}': ['count>=1'],
      'http_req_duration{name:get-meetings}': ['p(95)<500'],
      'http_reqs{name:get-meetings}': ['count>=20'],
      'checks{journey:details}': ['rate>=0.99'],
      'parley_samples{metric:checks,journey:details}': ['count>=1'],
      parley_stream_lost_finals: ['count<1'],
    });
  });

  it('say which figure was never measured, or had too few samples', () => {
    expect(sampleGateProblem('http_reqs{name:tts}', 'count>=20', 7)).toBe(
      'http_req_duration{name:tts} has 7 samples, fewer than its gate needs (20)',
    );
    expect(sampleGateProblem('parley_samples{metric:checks,journey:document}', 'count>=1', 0)).toBe(
      'checks{journey:document} was never measured (0 samples; its gate needs at least 1)',
    );
    expect(sampleGateProblem('parley_stream_lost_finals', 'count<1', 1)).toBeUndefined();
  });

  it('fail a run with no session at all, which k6 alone passes', () => {
    const own = streamThresholds(2, 1);
    expect(failedThresholds(k6Summary(own, []))).toEqual([]);
    expect(failedThresholds(k6Summary(runThresholds('stream', own), [])).length).toBeGreaterThan(5);
  });

  // A trend, rate or check added past the helpers of k6/lib/metrics.ts would not be counted, and
  // its count gate would fail a healthy run.
  it('every k6 script adds its gated samples through the counting helpers', () => {
    const root = new URL('../k6/', import.meta.url);
    const files = [
      ...readdirSync(root).filter((f) => f.endsWith('.ts')),
      ...readdirSync(new URL('lib/', root)).map((f) => `lib/${f}`),
    ].filter((f) => f !== 'lib/metrics.ts');
    const offending = files.filter((f) =>
      /new (Trend|Rate)\(|(^|[^\w.])check\(/m.test(readFileSync(new URL(f, root), 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckResult, Status } from './check.js';
import { CHECKS } from './checks/index.js';
import { run } from './index.js';
import { defaultRetries, withRetries } from './retry.js';
import { FAKE_KEY, fakeDeployment, json } from './testing/fake-deployment.js';

// --retries: a failure that repeats stays a FAIL, one that does not is FLAKY with every answer.

const check = (area: CheckResult['area']) => ({ ...(CHECKS[0] as (typeof CHECKS)[number]), area });
const answer = (status: Status, message = status.toLowerCase()): CheckResult => ({
  id: 'rest.08.health',
  title: 't',
  area: 'rest',
  clause: 'c',
  level: 'MUST',
  status,
  message,
  evidence: [],
  durationMs: 5,
  ...(status === 'FAIL' ? { fingerprints: ['rest.08.health STATUS GET /health status'] } : {}),
});
const attempts = (...statuses: Status[]) => {
  let n = 0;
  return async () => answer(statuses[n++] ?? 'PASS');
};

describe('retries', () => {
  it('a failure that does not repeat is FLAKY, with both answers', async () => {
    const result = await withRetries(check('rest'), 1, attempts('FAIL', 'PASS'));
    expect(result.status).toBe('FLAKY');
    expect(result.message).toBe('failed, then PASS on attempt 2: fail');
    expect(result.attempts?.map((a) => a.status)).toEqual(['FAIL', 'PASS']);
    expect(result.attempts?.[0]?.fingerprints).toEqual(['rest.08.health STATUS GET /health status']);
    expect(result.durationMs).toBe(10);
  });

  it('a failure that repeats is a FAIL; a retry that skips or cannot judge contradicts nothing', async () => {
    expect((await withRetries(check('rest'), 2, attempts('FAIL', 'FAIL', 'FAIL'))).status).toBe('FAIL');
    const skipped = await withRetries(check('rest'), 1, attempts('FAIL', 'COULD_NOT_JUDGE'));
    expect(skipped.status).toBe('FAIL');
    expect(skipped.attempts?.map((a) => a.status)).toEqual(['FAIL', 'COULD_NOT_JUDGE']);
    expect((await withRetries(check('rest'), 2, attempts('FAIL', 'FAIL', 'NON_STRICT'))).status).toBe(
      'FLAKY',
    );
  });

  it('no retry without --retries, for a pass, or for a stream check (its sessions are judged once)', async () => {
    expect((await withRetries(check('rest'), 0, attempts('FAIL', 'PASS'))).status).toBe('FAIL');
    expect((await withRetries(check('stream'), 3, attempts('FAIL', 'PASS'))).status).toBe('FAIL');
    expect((await withRetries(check('rest'), 1, attempts('PASS'))).attempts).toBeUndefined();
  });

  it('defaults to 1 in CI (CI set, or the github reporter), 0 elsewhere', () => {
    expect(defaultRetries(['console'], { CI: 'true' })).toBe(1);
    expect(defaultRetries(['console'], { CI: '1' })).toBe(1);
    expect(defaultRetries(['github'], {})).toBe(1);
    expect(defaultRetries(['console'], {})).toBe(0);
    expect(defaultRetries(['console'], { CI: 'false' })).toBe(0);
  });

  it('a run reports a check that failed once FLAKY, and it does not fail the run', async () => {
    // /health (after the preflight's): a 503, then a JSON 200 from then on.
    const once = async (retries: number) => {
      let calls = 0;
      const host = await fakeDeployment((req, res) =>
        req.url === '/health' && calls++ === 0
          ? json(res, 503, { status: 'starting' })
          : json(res, 200, { status: 'ok' }),
      );
      try {
        return await run({
          ...{ baseUrl: host.url, apiKey: FAKE_KEY, only: ['rest.08.health'], progress: null },
          ...{ retries, reporters: [] },
        });
      } finally {
        await host.close();
      }
    };
    const flaky = await once(1);
    expect(flaky.results[0]).toMatchObject({ status: 'FLAKY' });
    expect(flaky.results[0]?.attempts?.map((a) => a.status)).toEqual(['FAIL', 'PASS']);
    expect(flaky.results[0]?.deviations?.[0]?.code).toBe('STATUS');
    expect(flaky.summary).toEqual({ FLAKY: 1 });
    expect(flaky.exitCode).toBe(0);
    const failed = await once(0);
    expect(failed.results[0]?.status).toBe('FAIL');
    expect(failed.exitCode).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCli } from './cli.js';
import { deadlineOf, FILE_STT_DEADLINE_MS, REQUEST_DEADLINE_MS, requestShape } from './deadlines.js';
import { run } from './index.js';
import { FAKE_KEY, fakeDeployment, json } from './testing/fake-deployment.js';

// Per-request deadlines: a deployment that never answers costs the check its deadline, not the run.

describe('per-request deadlines', () => {
  it('file STT waits the spec’s 600 s, any other request 30 s, --timeout sets one for all', () => {
    expect(deadlineOf('POST', 'http://h/v1/stt?api_key=k')).toBe(FILE_STT_DEADLINE_MS);
    expect(deadlineOf('POST', 'http://h/base/v1/stt')).toBe(600_000);
    expect(deadlineOf('POST', 'http://h/v1/tts')).toBe(REQUEST_DEADLINE_MS);
    expect(deadlineOf('GET', 'http://h/v1/stt')).toBe(30_000);
    expect(deadlineOf('POST', 'http://h/v1/stt', 2000)).toBe(2000);
    expect(requestShape('GET', 'http://h/files/a1b2c3d4e5f6a7b8.ogg?sig=x')).toBe('GET /files/*');
  });

  it('a request that never answers FAILs its check naming the deadline, and the run goes on', async () => {
    // /health answers the preflight, then never again; every other route never answers either.
    const host = await fakeDeployment(() => undefined);
    try {
      const options = parseCli([
        ...['--base-url', host.url, '--api-key', FAKE_KEY, '--timeout', '1000', '--retries', '0'],
        ...[
          '--only',
          'rest.08.health,errors.02.invalid-json',
          '--reporter',
          'json',
          '--out',
          '/tmp/kit-deadline',
        ],
      ]);
      const report = await run({ ...options, progress: null, reporters: [] });
      expect(report.exitCode).toBe(1);
      expect(report.results.map((r) => r.id)).toEqual(['rest.08.health', 'errors.02.invalid-json']);
      for (const result of report.results) {
        expect(result.status).toBe('FAIL');
        expect(result.message).toMatch(/^no answer to (GET \/health|POST \/v1\/[\w-]+) within 1 s/);
        expect(result.deviations?.[0]).toMatchObject({ code: 'NO_ANSWER', expected: 'an answer within 1 s' });
        expect(result.evidence.at(-1)?.responseBody).toBe('(no answer within 1 s)');
      }
    } finally {
      await host.close();
    }
  });

  it('a deployment that answers in time passes the same checks (the deadline is what failed them)', async () => {
    const host = await fakeDeployment((req, res) =>
      req.url === '/health'
        ? json(res, 200, { status: 'ok' })
        : json(res, 400, { success: false, error: 'Invalid JSON', code: 'BAD_REQUEST' }),
    );
    try {
      const report = await run({
        baseUrl: host.url,
        apiKey: FAKE_KEY,
        timeoutMs: 1000,
        retries: 0,
        only: ['rest.08.health'],
        progress: null,
        reporters: [],
      });
      expect(report.results.map((r) => r.status)).toEqual(['PASS']);
    } finally {
      await host.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseCli } from './cli.js';
import { newRunState } from './context.js';
import {
  AFTER_HANG_DEADLINE_MS,
  deadlineOf,
  FILE_STT_DEADLINE_MS,
  REQUEST_DEADLINE_MS,
  requestShape,
} from './deadlines.js';
import { HttpClient } from './http-client.js';
import { run } from './index.js';
import { cleanup } from './runner.js';
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

  it('file STT waits 600 s only for a body that can carry audio; after a hang its shape waits 5 s', () => {
    expect(deadlineOf('POST', 'http://h/v1/stt', undefined, '{"audio_url": "x"}')).toBe(600_000);
    expect(deadlineOf('POST', 'http://h/v1/stt', undefined, new Uint8Array(8))).toBe(600_000);
    expect(deadlineOf('POST', 'http://h/v1/stt', undefined, '{"audio": ')).toBe(REQUEST_DEADLINE_MS);
    expect(deadlineOf('POST', 'http://h/v1/stt', undefined, '')).toBe(REQUEST_DEADLINE_MS);
    expect(deadlineOf('POST', 'http://h/v1/tts', undefined, '{}', true)).toBe(AFTER_HANG_DEADLINE_MS);
    expect(deadlineOf('POST', 'http://h/v1/tts', 2000, '{}', true)).toBe(2000);
    expect(deadlineOf('POST', 'http://h/v1/stt', undefined, '{"audio": ', true)).toBe(5000);
    // Audio to transcribe keeps the spec's advice whatever hung before.
    expect(deadlineOf('POST', 'http://h/v1/stt', undefined, '{}', true)).toBe(FILE_STT_DEADLINE_MS);
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

describe('a hang is waited once', () => {
  it('a check stops at its first unanswered request, and a hang is not retried (CI: --retries 1)', async () => {
    // After the preflight nothing is answered: errors.02 would send its broken JSON to file STT
    // next, errors.05 34 more bad bodies; a retry would send each first request again.
    const received: string[] = [];
    const host = await fakeDeployment((req) => {
      received.push(`${req.method} ${req.url?.split('?')[0]}`);
    });
    try {
      const report = await run({
        ...{ baseUrl: host.url, apiKey: FAKE_KEY, timeoutMs: 1000, retries: 1, profile: 'full' },
        ...{
          only: ['errors.02.invalid-json', 'errors.05.no-5xx-for-bad-input'],
          progress: null,
          reporters: [],
        },
      });
      expect(received).toEqual(['POST /v1/get-meetings', expect.stringMatching(/^POST \/v1\/[\w-]+$/)]);
      for (const result of report.results) {
        expect(result.status).toBe('FAIL');
        expect(result.deviations?.map((d) => d.code)).toEqual(['NO_ANSWER']);
        expect(result.attempts).toBeUndefined();
      }
    } finally {
      await host.close();
    }
  });
});

describe('a hang is remembered for the rest of the run', () => {
  it('its shape is marked until one of its requests is answered', async () => {
    let calls = 0;
    const host = await fakeDeployment((_req, res) => {
      if (calls++ > 0) json(res, 200, {});
    });
    try {
      const hung = new Set<string>();
      const client = new HttpClient(host.url, 1000, hung);
      await expect(client.send('/v1/x', { body: {} })).rejects.toMatchObject({ status: 'FAIL' });
      expect([...hung]).toEqual(['POST /v1/x']);
      expect((await client.send('/v1/x', { body: {} })).status).toBe(200);
      expect(hung.size).toBe(0);
    } finally {
      await host.close();
    }
  });

  it('the cleanup stops at its first unanswered delete (the others would hang the same way)', async () => {
    const received: string[] = [];
    const host = await fakeDeployment((req) => {
      received.push(`${req.method} ${req.url}`);
    });
    try {
      const state = newRunState();
      for (const id of ['m1', 'm2', 'm3']) state.createdMeetings.set(id, FAKE_KEY);
      const target = { baseUrl: host.url, apiKey: FAKE_KEY, timeoutMs: 1000, seed: 1, runId: 'r' };
      await cleanup({ ...target, wsUrl: 'ws://127.0.0.1:1', profile: 'full' }, state);
      expect(received).toEqual(['POST /v1/delete-meeting']);
      expect(state.createdMeetings.size).toBe(3);
    } finally {
      await host.close();
    }
  });
});

import { createHash } from 'node:crypto';
import { encodeSttRequest, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import type { SttAcceptedResponse, SttCallback } from '@parley/schemas/types';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../../test-support/hosts.js';
import { expectError, fixtureById, postRaw, startSpeechRig } from '../../../../test-support/speech-server.js';
import { expectSchema, startTestServer, TEST_ADMIN_TOKEN } from '../../../../test-support/test-server.js';
import { wordErrorRate } from '../../../engines/stt/wer.js';
import { STT_CALLBACK_DELIVERY_JOB } from '../../../jobs/stt-callback.job.js';
import type { SttResult } from '../../../services/speech/stt.service.js';
import { STT_TRANSCRIPTION_JOB } from '../../../services/speech/stt-callbacks.js';

// POST /v1/stt with callback_url (a Parley extension): 202 at once, the transcription in the speech
// worker's job, the result (or its failure) POSTed, signed for the caller's API key, by a second job
// with the callbacks' retries. Runs on PostgreSQL too (npm run test:pg): the jobs live in the store.

const { engines, host, server, close } = await startSpeechRig();
const receiver = await startReceiver();
const receiverUrl = receiver.url('');
afterAll(async () => {
  await close();
  await receiver.close();
});

const sttPath = (key: string) => `/v1/stt?api_key=${encodeURIComponent(key)}`;
/** What a receiver holding the API key verifies deliveries with (schemas/README.md). */
const keySecret = (key: string) => `whsec_${createHash('sha256').update(key).digest('base64')}`;

const deliveriesTo = (path: string) => receiver.deliveriesTo(path);

async function accept(body: Record<string, unknown>, key = server.alice.key): Promise<SttAcceptedResponse> {
  const reply = await server.post<SttAcceptedResponse>(sttPath(key), body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  expectSchema('stt-accepted.response', reply.body);
  return reply.body;
}

/** The one delivery to `path`, its signature checked with `secret`, its body a valid stt-callback. */
function delivered(path: string, secret: string): SttCallback {
  const verified = receiver.verifiedDelivery(path, secret);
  expectSchema('stt-callback', verified);
  return verified as SttCallback;
}

describe('POST /v1/stt with callback_url', () => {
  it('answers 202 at once and POSTs the same transcript the synchronous answer gives, signed for the key', async () => {
    const file = fixtureById('en-rms-01');
    const audio_url = host.fixture(file.path);
    const accepted = await accept({ audio_url, session_id: 'sess_cb1', callback_url: `${receiverUrl}/one` });
    expect(accepted.session_id).toBe('sess_cb1');
    expect(deliveriesTo('/one')).toEqual([]);
    // The main worker knows none of the speech jobs: the transcription waits for the speech worker.
    await server.jobs.runDue();
    expect(deliveriesTo('/one')).toEqual([]);
    await server.speechJobs.runDue();
    const callback = delivered('/one', keySecret(server.alice.key));
    expect(deliveriesTo('/one')[0]?.headers['webhook-id']).toBe(accepted.job_id);
    if (callback.status !== 'success') throw new Error(JSON.stringify(callback));
    expect(callback.job_id).toBe(accepted.job_id);
    expect(wordErrorRate(file.text, callback.text).wer).toBeLessThanOrEqual(1 / 3);
    // Without callback_url the spec's answer, unchanged: the same fields as the callback's result.
    const sync = await server.post<SttResult>(sttPath(server.alice.key), {
      audio_url,
      session_id: 'sess_cb1',
    });
    expect(sync.status).toBe(200);
    expectSchema('stt.response', sync.body);
    const { status: _s, job_id: _j, created_at: _c, ...result } = callback;
    expect(result).toEqual(sync.body);
  });

  it('takes the protobuf body with callback_url (field 7) as well', async () => {
    const bytes = encodeSttRequest({
      audio_url: host.fixture(fixtureById('en-rms-01').path),
      callback_url: `${receiverUrl}/proto`,
    });
    const reply = await postRaw(`${server.url}${sttPath(server.alice.key)}`, bytes, PROTO_CONTENT_TYPE);
    expect(reply.status).toBe(202);
    expectSchema('stt-accepted.response', reply.json());
  });

  it('delivers a dead audio link as a signed failure with the words the synchronous answer has', async () => {
    const audio_url = host.serve('gone.wav', 'not here', 'text/plain', 404);
    const sync = await server.post<{ error: string; code: string }>(sttPath(server.alice.key), { audio_url });
    const accepted = await accept({ audio_url, callback_url: `${receiverUrl}/dead` });
    await server.speechJobs.runDue();
    const callback = delivered('/dead', keySecret(server.alice.key));
    expect(callback).toMatchObject({
      status: 'failed',
      job_id: accepted.job_id,
      session_id: accepted.session_id,
      code: sync.body.code,
      error: sync.body.error,
    });
    expect(callback).toMatchObject({ code: 'UPSTREAM_FAILED', error: 'Audio URL answered HTTP 404' });
  });

  it('retries a receiver that fails without transcribing again', async () => {
    receiver.answer('/down', 503);
    await accept({
      audio_url: host.fixture(fixtureById('en-rms-01').path),
      callback_url: `${receiverUrl}/down`,
    });
    await server.speechJobs.runDue();
    expect(deliveriesTo('/down')).toHaveLength(1);
    const [transcription] = await server.store.jobs.list({ kind: STT_TRANSCRIPTION_JOB, limit: 100 });
    expect(transcription?.status).toBe('done');
    const deliveries = await server.store.jobs.list({ kind: STT_CALLBACK_DELIVERY_JOB, limit: 100 });
    const waiting = deliveries.filter((job) => job.status === 'pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.last_error).toMatch(/503/);
  });

  it('refuses a bad callback_url with the spec error shape and queues nothing', async () => {
    const guarded = await startTestServer({ deps: { engines } });
    try {
      const { key } = await guarded.user('Bob');
      const audio_url = 'https://files.example.com/memo.wav';
      const privateUrl = await guarded.post(sttPath(key), { audio_url, callback_url: 'http://10.0.0.7/cb' });
      expectError(privateUrl, 400, 'callback_url points to a private address');
      const local = await guarded.post(sttPath(key), { audio_url, callback_url: 'http://localhost:9/cb' });
      expectError(local, 400, 'callback_url points to a private address');
      const notUrl = await guarded.post(sttPath(key), {
        audio_url,
        callback_url: 'ftp://files.example.com/x',
      });
      expect(notUrl.status).toBe(422);
      expectSchema('validation-error', notUrl.body);
      expect(await guarded.store.jobs.list({ kind: STT_TRANSCRIPTION_JOB, limit: 10 })).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it('answers 503 before queueing when the server has no recognizer', async () => {
    // Test servers run the local engines; an app without any engine is what a bare deployment serves.
    const bare = await startTestServer({
      env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' },
      deps: { engines: { statuses: () => [] } },
    });
    try {
      const { key } = await bare.user('Cy');
      const reply = await bare.post(sttPath(key), {
        audio_url: 'https://files.example.com/memo.wav',
        callback_url: `${receiverUrl}/bare`,
      });
      expectError(reply, 503);
      expect(await bare.store.jobs.list({ kind: STT_TRANSCRIPTION_JOB, limit: 10 })).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('sends nothing once the key that asked is revoked', async () => {
    const carol = await server.user('Carol');
    await accept(
      { audio_url: host.fixture(fixtureById('en-rms-01').path), callback_url: `${receiverUrl}/revoked` },
      carol.key,
    );
    const [key] = await server.store.accounts.listKeys(carol.accountId);
    const revoke = await fetch(`${server.url}/_emulator/api-keys/${key?.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(revoke.status).toBe(200);
    await server.speechJobs.runDue();
    expect(deliveriesTo('/revoked')).toEqual([]);
    const deliveries = await server.store.jobs.list({ kind: STT_CALLBACK_DELIVERY_JOB, limit: 100 });
    expect(deliveries.some((job) => job.status === 'failed' && /revoked/.test(job.last_error ?? ''))).toBe(
      true,
    );
  });
});

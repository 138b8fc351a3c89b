// End to end: Transcribe Audio through the service's callback (a Parley extension of /v1/stt)
// against the reference server in-process. The platform's callback URL is a receiver on 127.0.0.1;
// the delivered body is checked with the OAuth client's Standard Webhooks secret and handed to
// performResume, whose output must be what waiting for the same recording gives.
import { readFileSync } from 'node:fs';
import { startAudioHost, TWO_VOICES } from '@parley/server/test-hosts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bundle } from 'zapier-platform-core';
import {
  type AuthData,
  connectAccount,
  E2E_TIMEOUTS,
  keepHttpUnpatched,
  loadAppOn,
  startDeployment,
  startReceiver,
} from './e2e.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);
const { server, user, webhookSecret } = await startDeployment();
const { App, oauth, run } = await loadAppOn(server);
const operation = App.creates?.transcribe_audio?.operation;
if (!operation) throw new Error('the app defines no transcribe_audio');
const receiver = await startReceiver();

// The recording host (the server's audio host): two speakers, one sentence each (~6 s; decoded twice
// here, where the 20 s conversation fixture cost 12 s of CPU); `announced-large.wav`
// serves a short clip but its HEAD announces 5 MB, as a host of a long recording would (a real one
// costs minutes of engine time on a busy 2-core machine); `gone.wav` is a dead link.
const clip = readFileSync(new URL('../../../fixtures/audio/en/rms-01.wav', import.meta.url));
const files = await startAudioHost();
const urls = {
  recording: await files.conversation('two-speakers.wav', TWO_VOICES),
  announcedLarge: files.serve('announced-large.wav', clip, 'audio/wav', 200, 5_000_000),
  gone: files.serve('gone.wav', 'gone', 'text/plain', 404),
};

let authData: AuthData;
const as = (inputData: Record<string, unknown> = {}) => ({ authData, inputData, meta: {} });
/** The app's perform with the platform's callback URL replaced by the receiver's. */
const performWithCallback = (path: string) => (z: { generateCallbackUrl: () => string }, bundle: Bundle) => {
  z.generateCallbackUrl = () => receiver.url(path);
  return (operation.perform as (z: unknown, b: Bundle) => unknown)(z, bundle);
};

/** Runs the speech worker's jobs (transcription, then delivery) and returns the verified body. */
async function delivered(path: string): Promise<Record<string, unknown>> {
  await server.speechJobs.runDue();
  // Signed for the OAuth client the token was issued to: a receiver can trust the body.
  return receiver.verifiedDelivery(path, String(webhookSecret)) as Record<string, unknown>;
}

const resume = (cleanedRequest: unknown, outputData: unknown) =>
  run(operation.performResume, { ...as(), cleanedRequest, outputData });

beforeAll(async () => {
  authData = await connectAccount(oauth, run, user.email);
});
afterAll(async () => {
  await receiver.close();
  await files.close();
  await server.close();
});

describe('Transcribe Audio through the callback', () => {
  it('with Deliver Later: answered at once, resumed with the signed delivery, output as when waiting', async () => {
    const audio_url = urls.recording;
    const accepted = (await run(performWithCallback('/later'), as({ audio_url, deliver_later: true }))) as {
      id: string;
      job_id: string;
    };
    expect(accepted.id).toMatch(/^zap_/);
    expect(receiver.deliveriesTo('/later')).toEqual([]);
    const body = await delivered('/later');
    expect(body).toMatchObject({ status: 'success', job_id: accepted.job_id, session_id: accepted.id });
    const resumed = (await resume(body, accepted)) as Record<string, unknown>;
    const waited = (await run(operation.perform, as({ audio_url, deliver_later: false }))) as Record<
      string,
      unknown
    >;
    expect(resumed.id).toBe(accepted.id);
    expect(String(resumed.text)).toMatch(/\w/);
    expect(resumed.speaker_count).toBe(2);
    expect({ ...resumed, id: '' }).toEqual({ ...waited, id: '' });
  });

  it('left empty: a file its host announces as large goes through the callback on its own', async () => {
    const accepted = (await run(performWithCallback('/auto'), as({ audio_url: urls.announcedLarge }))) as {
      job_id: string;
      text?: string;
    };
    expect(accepted.job_id).toMatch(/^msg_/);
    expect(accepted.text).toBeUndefined();
    const resumed = (await resume(await delivered('/auto'), accepted)) as { speaker_count: number };
    expect(resumed.speaker_count).toBeGreaterThanOrEqual(1);
  });

  it('a dead audio link halts the resumed step with the words the waiting step shows', async () => {
    const audio_url = urls.gone;
    const words =
      'Parley could not use the link in this step: Audio URL answered HTTP 404. ' +
      'Check that the URL is right and publicly reachable; retrying will not help.';
    const waiting = run(operation.perform, as({ audio_url, deliver_later: false }));
    await expect(waiting).rejects.toMatchObject({
      name: 'HaltedError',
      message: expect.stringContaining(words),
    });
    const accepted = await run(performWithCallback('/dead'), as({ audio_url, deliver_later: true }));
    const body = await delivered('/dead');
    expect(body).toMatchObject({ status: 'failed', code: 'UPSTREAM_FAILED' });
    await expect(resume(body, accepted)).rejects.toMatchObject({
      name: 'HaltedError',
      message: expect.stringContaining(words),
    });
  });
});

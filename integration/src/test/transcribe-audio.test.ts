import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from 'zapier-platform-core';
import { LATER_PAST_BYTES } from '../creates/transcribe-audio.create.js';
import { schemaExamples } from '../generated/service-data.js';
import { App, appTester, bundleWith, caught, op, service } from './app.test-support.js';

// Transcribe Audio's choice between waiting and the callback (the service's callback_url
// extension), and performResume on what Parley delivers. The delivery itself, from the real server,
// is in e2e-transcribe.test.ts.

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

const FILES = 'https://files.example.com';
const CALLBACK = 'https://hooks.zapier.test/catch/1/abc';
const accepted = {
  success: true,
  job_id: 'msg_Q2hx0lq8mA3yXb1eI4v9NQ',
  session_id: 'zap_1',
  message: 'Transcription queued; the result will be POSTed to the callback URL',
};

/** perform with the platform's callback URL in place of appTester's (the staging echo service). */
const perform = (inputData: Record<string, unknown>, meta: Record<string, unknown> = {}) =>
  appTester(
    (z: { generateCallbackUrl: () => string }, bundle: Bundle) => {
      z.generateCallbackUrl = () => CALLBACK;
      return (op.create('transcribe_audio') as (z: unknown, b: Bundle) => unknown)(z, bundle);
    },
    bundleWith({ inputData: inputData as never, meta: meta as never }),
  );
const resume = (cleanedRequest: unknown) =>
  appTester(
    App.creates?.transcribe_audio?.operation.performResume as never,
    bundleWith({ cleanedRequest, outputData: { id: 'zap_1' } } as never),
  );

describe('Transcribe Audio against a service that answers /v1/stt as the spec shows it', () => {
  // A deployment without the callback extension ignores callback_url and answers with the transcript.
  const sync = (path: string) => {
    let asked: Record<string, unknown> = {};
    service()
      .post('/v1/stt', (body) => {
        asked = body;
        return true;
      })
      .reply(200, schemaExamples.transcription);
    let delivered: Record<string, unknown> = {};
    nock('https://hooks.zapier.test')
      .post(path, (body) => {
        delivered = body;
        return true;
      })
      .reply(200, { status: 'success' });
    return { asked: () => asked, delivered: () => delivered };
  };

  for (const [why, inputData, head] of [
    ['Deliver Later asked', { deliver_later: true }, undefined],
    ['a large file left empty', {}, LATER_PAST_BYTES + 1],
  ] as const) {
    it(`returns the transcript it answered (${why}) and delivers it to the waiting callback itself`, async () => {
      if (head)
        nock(FILES)
          .head('/call.m4a')
          .reply(200, '', { 'content-length': String(head) });
      const seen = sync('/catch/1/abc');
      const output = (await perform({ audio_url: `${FILES}/call.m4a`, ...inputData })) as Record<
        string,
        unknown
      >;
      expect(seen.asked().callback_url).toBe(CALLBACK);
      expect(output).toMatchObject({
        text: schemaExamples.transcription.text,
        detected_language: schemaExamples.transcription.detected_language,
        utterances: schemaExamples.transcription.utterances,
      });
      expect(output.id).toBe(seen.asked().session_id);
      // The platform resumes the step with what the app delivered: the same output.
      expect(seen.delivered()).toMatchObject({ status: 'success', session_id: output.id });
      expect(await resume(seen.delivered())).toEqual(output);
    });
  }

  it('an answer that is neither a transcript nor an accepted job is an error, not an empty output', async () => {
    service().post('/v1/stt').reply(200, { success: true });
    const error = await caught(perform({ audio_url: `${FILES}/call.m4a`, deliver_later: true }));
    expect(error.detail.message).toMatch(
      /POST \/v1\/stt with an answer the Parley interface does not allow: "text" is missing/,
    );
  });
});

describe('Transcribe Audio: waiting or the callback', () => {
  it('sends callback_url for a file past the size, when Deliver Later is left empty', async () => {
    nock(FILES)
      .head('/long.m4a')
      .reply(200, '', { 'content-length': String(LATER_PAST_BYTES + 1) });
    let sent: Record<string, unknown> = {};
    service()
      .post('/v1/stt', (body) => {
        sent = body;
        return true;
      })
      .reply(202, { ...accepted });
    const output = await perform({ audio_url: `${FILES}/long.m4a` });
    expect(sent.callback_url).toBe(CALLBACK);
    expect(output).toEqual({ id: accepted.session_id, job_id: accepted.job_id, message: accepted.message });
  });

  it('waits for a small file, and when told to wait whatever the size', async () => {
    nock(FILES).head('/short.wav').reply(200, '', { 'content-length': '112044' });
    service()
      .post('/v1/stt', (body) => body.callback_url === undefined)
      .times(2)
      .reply(200, schemaExamples.transcription);
    const output = (await perform({ audio_url: `${FILES}/short.wav` })) as { text: string };
    expect(output.text).toBe(schemaExamples.transcription.text);
    await perform({ audio_url: `${FILES}/long.m4a`, deliver_later: false });
  });

  it('shows the sample while the editor loads samples with Deliver Later, sending nothing', async () => {
    const output = (await perform(
      { audio_url: `${FILES}/a.wav`, deliver_later: true },
      { isLoadingSample: true },
    )) as {
      id: string;
    };
    expect(output).toEqual(App.creates?.transcribe_audio?.operation.sample);
  });
});

describe('Transcribe Audio: performResume', () => {
  it('gives the synchronous output from a delivered transcript', async () => {
    const output = await resume({
      ...schemaExamples.transcription,
      status: 'success',
      job_id: 'msg_1',
      session_id: 'zap_1',
      created_at: '2024-05-02T10:02:31Z',
    });
    expect(output).toMatchObject({ id: 'zap_1', text: schemaExamples.transcription.text, speaker_count: 2 });
  });

  it('halts on a dead link and names any other failure in the service words', async () => {
    const failure = {
      status: 'failed',
      job_id: 'msg_1',
      session_id: 'zap_1',
      created_at: '2024-05-02T10:04:00Z',
    };
    const dead = await caught(
      resume({ ...failure, code: 'UPSTREAM_FAILED', error: 'Audio URL answered HTTP 404' }),
    );
    expect(dead.name).toBe('HaltedError');
    // Core's appTester appends its own "What happened" lines to the message.
    expect(dead.message).toContain(
      'Parley could not use the link in this step: Audio URL answered HTTP 404. Check that the URL is right and publicly reachable; retrying will not help.',
    );
    const busy = await caught(
      resume({ ...failure, code: 'ENGINE_UNAVAILABLE', error: 'No speech-to-text engine' }),
    );
    expect(busy.detail).toMatchObject({
      message: 'Parley could not transcribe the recording: No speech-to-text engine',
      code: 'ENGINE_UNAVAILABLE',
    });
    const empty = await caught(resume({}));
    expect(empty.detail.message).toMatch(
      /^Parley sent a Transcribe Audio callback that the Parley interface does not allow: "text" is missing;/,
    );
  });
});

// The cases of FAULT_CASES made by editing an answer the app reads (nock): the schemas' example answer
// with one thing broken, or no answer at all. Each step fails with the case's exact words; run on the
// app without its handling (withoutHandling) the same answer gives the bad outcome instead: a crash
// in the step's code, a success carrying the broken value, or a wait past Zapier's step limit.
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import zapier from 'zapier-platform-core';
import { schemaExamples } from '../generated/service-data.js';
import { App, appTester, BASE_URL, bundleWith, caught, oauth, op, service } from './app.test-support.js';
import { type FaultCaseName, withoutHandling, wordsOn } from './fault-cases.test-support.js';

const raw = zapier.createAppTester(withoutHandling(App)) as unknown as typeof appTester;
const words = (name: FaultCaseName) => wordsOn(name, BASE_URL);
const MEETING = schemaExamples.partnerMeeting.id;

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  delete process.env.PARLEY_REQUEST_TIMEOUT_SECONDS;
});

const item = schemaExamples.meetingEnded;
const listed = { success: true, has_more: false, meetings: [schemaExamples.listedMeeting] };
const transcription = schemaExamples.transcription;
const audio = { audio_url: 'https://files.example.com/a.wav', deliver_later: false };

/** Each case: the edited answer it sets up, the step it runs, and its inputs. */
const CASES: {
  [K in FaultCaseName]?: { answer: () => void; step: unknown; inputs?: Record<string, unknown> };
} = {
  triggerItemWithoutId: {
    answer: () => {
      const { id: _, ...withoutId } = item;
      service().get('/api/partner/triggers/meeting-ended').reply(200, [item, withoutId]);
    },
    step: op.trigger('meeting_ended'),
  },
  meetingsNotAList: {
    answer: () =>
      service()
        .post('/v1/get-meetings')
        .reply(200, { ...listed, meetings: { 0: listed.meetings[0] } }),
    step: op.search('find_meeting'),
    inputs: { title: 'sync' },
  },
  htmlAs200: {
    answer: () =>
      service()
        .get(`/api/partner/meetings/${MEETING}`)
        .reply(200, '<!doctype html><title>Sign in</title>', { 'content-type': 'text/html' }),
    step: op.search('find_meeting'),
    inputs: { meeting_id: MEETING },
  },
  summaryWithoutMessage: {
    answer: () => service().post('/v1/summarize-meeting').reply(200, { success: true }),
    step: op.create('summarize_meeting'),
    inputs: { meeting_id: MEETING },
  },
  sttSpeakerLetters: {
    answer: () =>
      service()
        .post('/v1/stt')
        .reply(200, {
          ...transcription,
          utterances: transcription.utterances.map((u, index) => ({ ...u, speaker: 'AB'[index] ?? 'C' })),
        }),
    step: op.create('transcribe_audio'),
    inputs: audio,
  },
};

describe('an answer that breaks the shape the app reads', () => {
  it.each(Object.keys(CASES) as FaultCaseName[])('%s', async (name) => {
    const { answer, step, inputs = {} } = CASES[name] ?? { answer: () => {}, step: undefined };
    answer();
    const failed = await caught(appTester(step, bundleWith({ inputData: inputs })));
    expect(failed.detail).toMatchObject({ message: words(name), code: 'bad_response' });
    // Without the handling: a crash in the step's code or a success passing the broken value on.
    answer();
    const without = await raw(step, bundleWith({ inputData: inputs })).then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    expect(without).not.toContain('Parley answered');
  });
});

describe('an answer the step itself checks', () => {
  it('transcriptOfAnotherMeeting: Get Transcript', async () => {
    service()
      .post('/v1/get-meeting-transcripts')
      .reply(200, {
        success: true,
        transcripts: [{ ...schemaExamples.transcriptRecord, meeting_id: 'mtg_other' }],
      });
    const failed = await caught(
      appTester(op.search('get_transcript'), bundleWith({ inputData: { meeting_id: MEETING } })),
    );
    expect(failed.detail).toMatchObject({
      message: words('transcriptOfAnotherMeeting'),
      code: 'bad_response',
    });
  });
});

describe('a body the service posts to the app', () => {
  it('eventWithoutId: a hook delivery', async () => {
    const { id: _, ...withoutId } = item;
    const failed = await caught(
      appTester(op.trigger('meeting_ended_instant'), bundleWith({ cleanedRequest: withoutId })),
    );
    expect(failed.detail).toMatchObject({ message: words('eventWithoutId'), code: 'bad_response' });
  });

  it('callbackWithoutDocument: Generate Document resumed', async () => {
    const { document_text: _, ...withoutText } = schemaExamples.documentCallback;
    const resume = App.creates?.generate_document?.operation.performResume;
    const failed = await caught(appTester(resume, bundleWith({ cleanedRequest: withoutText })));
    expect(failed.detail).toMatchObject({ message: words('callbackWithoutDocument'), code: 'bad_response' });
  });
});

describe('an error answer without its words', () => {
  it('errorWithoutText: a 400 body with a code and no text', async () => {
    service().post('/v1/create-meeting').reply(400, { success: false, code: 'BAD_REQUEST' });
    const failed = await caught(
      appTester(op.create('create_meeting'), bundleWith({ inputData: { title: 'x' } })),
    );
    expect(failed.detail).toMatchObject({ message: words('errorWithoutText'), code: 'BAD_REQUEST' });
  });

  it('emptyBody502: a 502 with nothing in it', async () => {
    service().post('/v1/summarize-meeting').reply(502, '');
    const failed = await caught(
      appTester(op.create('summarize_meeting'), bundleWith({ inputData: { meeting_id: MEETING } })),
    );
    expect(`${failed.name} (Zapier retries after ${failed.detail.delay} s): ${failed.detail.message}`).toBe(
      words('emptyBody502'),
    );
  });
});

describe('no answer', () => {
  it('hang: an answer later than the time limit', async () => {
    process.env.PARLEY_REQUEST_TIMEOUT_SECONDS = '1';
    const answer = () =>
      service().get(`/api/partner/meetings/${MEETING}`).delay(2500).reply(200, schemaExamples.partnerMeeting);
    answer();
    const find = op.search('find_meeting');
    const failed = await caught(appTester(find, bundleWith({ inputData: { meeting_id: MEETING } })));
    expect(failed.detail).toMatchObject({
      message: words('hang').replace('25 seconds', '1 second'),
      code: 'timeout',
    });
    // Connecting an account too (the token exchange).
    nock(BASE_URL).post('/api/oauth/partner/token').delay(2500).reply(200, { access_token: 'a' });
    const connecting = oauth.getAccessToken;
    const exchange = await caught(appTester(connecting, { inputData: { code: 'c', redirect_uri: 'r' } }));
    expect(exchange.detail).toMatchObject({ code: 'timeout' });
    // Without the limit the step waits for as long as the service takes (here it answers after the
    // delay): on Zapier, a hang past 30 s would end in the platform's generic timeout.
    answer();
    expect(await raw(find, bundleWith({ inputData: { meeting_id: MEETING } }))).toEqual([
      schemaExamples.partnerMeeting,
    ]);
  });

  it('refused: nothing listens', async () => {
    service()
      .get(`/api/partner/meetings/${MEETING}`)
      .replyWithError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
      );
    const failed = await caught(
      appTester(op.search('find_meeting'), bundleWith({ inputData: { meeting_id: MEETING } })),
    );
    expect(failed.detail).toMatchObject({ message: words('refused'), code: 'unreachable' });
  });

  it('tokenWithoutToken: the token endpoint answers without a token', async () => {
    nock(BASE_URL).post('/api/oauth/partner/token').reply(200, { token_type: 'Bearer' });
    const failed = await caught(
      appTester(oauth.getAccessToken, { inputData: { code: 'c', redirect_uri: 'r', code_verifier: 'v' } }),
    );
    expect(failed.detail.message).toBe(words('tokenWithoutToken'));
  });
});

import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { participantId } from '../creates/create-meeting.create.js';
import { speakerTranscript } from '../creates/transcribe-audio.create.js';
import { schemaExamples } from '../generated/service-data.js';
import { ACCESS_TOKEN, appTester, BASE_URL, bundleWith, op, service } from './app.test-support.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

const run = (key: string, inputData: Record<string, unknown>) =>
  appTester(op.create(key), bundleWith({ inputData: inputData as never }));

describe('Create Meeting', () => {
  it('creates the meeting on create-meeting, inviting e-mails as em: guests', async () => {
    const reply = { meeting: schemaExamples.createdMeeting };
    service()
      .post('/v1/create-meeting', {
        title: 'Weekly release sync',
        participant_ids: ['usr_41b7e0', 'em:dana.lee@example.org', 'em:ko@example.com'],
      })
      .reply(200, reply);
    const result = await run('create_meeting', {
      title: 'Weekly release sync',
      participants: ['usr_41b7e0', 'dana.lee@example.org', ' ', 'em:ko@example.com'],
    });
    expect(result).toEqual(schemaExamples.createdMeeting);
  });

  it('creates an untitled meeting with only the host', async () => {
    service()
      .post('/v1/create-meeting', { title: '', participant_ids: [] })
      .reply(200, { meeting: schemaExamples.createdMeeting });
    await run('create_meeting', {});
  });

  it('turns an e-mail into a participant id and leaves user ids alone', () => {
    expect(participantId(' a@b.org ')).toBe('em:a@b.org');
    expect(participantId('em:a@b.org')).toBe('em:a@b.org');
    expect(participantId('usr_1')).toBe('usr_1');
  });
});

describe('Summarize Meeting', () => {
  const message = schemaExamples.summaryMessage;

  it('asks for a summary with the guidance and returns it flat', async () => {
    service()
      .post('/v1/summarize-meeting', {
        meeting_id: 'mtg_0c44d19e',
        send_email_to_participants: true,
        user_prompt: 'Focus on decisions.',
      })
      .reply(200, { success: true, meeting_message: message });
    expect(
      await run('summarize_meeting', {
        meeting_id: 'mtg_0c44d19e',
        user_prompt: 'Focus on decisions.',
        send_email_to_participants: true,
      }),
    ).toEqual({
      id: message.id,
      meeting_id: message.meeting_id,
      created_at: message.created_at,
      ai_model: message.summary.ai_model,
      markdown_body: message.summary.markdown_body,
      summary_status: message.summary_status,
    });
  });

  it('sends no guidance and no e-mail unless asked', async () => {
    service()
      .post('/v1/summarize-meeting', { meeting_id: 'mtg_1', send_email_to_participants: false })
      .reply(200, { success: true, meeting_message: message });
    await run('summarize_meeting', { meeting_id: 'mtg_1', user_prompt: '  ' });
  });
});

describe('Transcribe Audio', () => {
  const result = schemaExamples.transcription;

  it('posts the file URL to /v1/stt with the bearer header, never an api_key query', async () => {
    let sent: Record<string, unknown> = {};
    nock(BASE_URL, { reqheaders: { authorization: `Bearer ${ACCESS_TOKEN}` } })
      .post('/v1/stt', (body) => {
        sent = body;
        return true;
      })
      .query((query) => Object.keys(query).length === 0)
      .reply(200, result);
    const output = (await run('transcribe_audio', {
      audio_url: 'https://files.example.com/calls/weekly.m4a',
      language_hints: ['en', ' '],
      context_keywords: ['Parley', 'Aiko Tanaka'],
    })) as Record<string, unknown>;
    expect(sent).toMatchObject({
      audio_url: 'https://files.example.com/calls/weekly.m4a',
      enable_diarization: true,
      language_hints: ['en'],
      context_keywords: ['Parley', 'Aiko Tanaka'],
    });
    expect(sent.session_id).toMatch(/^zap_[0-9a-f-]{36}$/);
    expect(output).toEqual({
      id: sent.session_id,
      text: result.text,
      detected_language: 'en',
      confidence: result.confidence,
      speaker_count: 2,
      transcript_with_speakers:
        'Speaker 0: Good morning, everyone.\nSpeaker 1: Morning! Shall we start with the release?',
      utterances: result.utterances,
    });
  });

  it('turns speaker labelling off when asked and omits empty hints', async () => {
    service()
      .post(
        '/v1/stt',
        (body) =>
          body.enable_diarization === false && !('language_hints' in body) && !('context_keywords' in body),
      )
      .reply(200, { text: '', detected_language: '', confidence: 0, utterances: [] });
    const output = (await run('transcribe_audio', {
      audio_url: 'https://files.example.com/silence.wav',
      enable_diarization: false,
    })) as Record<string, unknown>;
    expect(output).toMatchObject({ text: '', speaker_count: 0, transcript_with_speakers: '' });
  });

  it('writes one line per utterance with its speaker', () => {
    expect(speakerTranscript(result.utterances).split('\n')).toHaveLength(2);
  });
});

describe('bearer scope', () => {
  it('sends the access token only to the service, not to other hosts', async () => {
    nock('https://files.example.com', { badheaders: ['authorization'] })
      .get('/x')
      .reply(200, {});
    await appTester(
      async (z: { request: (url: string) => Promise<unknown> }) => z.request('https://files.example.com/x'),
      bundleWith(),
    );
    nock('https://parley.test.evil.example', { badheaders: ['authorization'] })
      .get('/y')
      .reply(200, {});
    await appTester(
      async (z: { request: (url: string) => Promise<unknown> }) =>
        z.request('https://parley.test.evil.example/y'),
      bundleWith(),
    );
  });
});

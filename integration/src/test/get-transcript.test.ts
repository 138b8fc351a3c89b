import { validate } from '@parley/schemas';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schemaExamples } from '../generated/service-data.js';
import { App, appTester, bundleWith, op, service } from './app.test-support.js';

// Get Transcript, the language dropdown, Find or Create Meeting and the model labels.

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

const getTranscript = (meetingId: string) =>
  appTester(op.search('get_transcript'), bundleWith({ inputData: { meeting_id: meetingId } }));

describe('Get Transcript', () => {
  it('joins every recording into text with the speakers, and keeps the utterances as line items', async () => {
    const utterance = (speaker: string, text: string, at: number) => ({
      speaker,
      text,
      start_seconds: at,
      end_seconds: at + 2,
    });
    service()
      .post('/v1/get-meeting-transcripts', { meeting_id: 'mtg_1' })
      .reply(200, {
        success: true,
        transcripts: [
          { id: 't1', meeting_id: 'mtg_1', message_id: 'm1', utterances: [utterance('0', 'Hello.', 0)] },
          {
            id: 't2',
            meeting_id: 'mtg_1',
            message_id: 'm2',
            utterances: [utterance('1', 'Hi there.', 5), utterance('0', 'Ship it.', 9)],
          },
        ],
      });
    expect(await getTranscript('mtg_1')).toEqual([
      {
        id: 'mtg_1',
        meeting_id: 'mtg_1',
        recording_count: 2,
        speaker_count: 2,
        transcript_text: 'Speaker 0: Hello.\nSpeaker 1: Hi there.\nSpeaker 0: Ship it.',
        utterances: [
          utterance('0', 'Hello.', 0),
          utterance('1', 'Hi there.', 5),
          utterance('0', 'Ship it.', 9),
        ],
      },
    ]);
  });

  it('finds nothing for a meeting without recordings or one the account cannot see', async () => {
    service().post('/v1/get-meeting-transcripts').reply(200, { success: true, transcripts: [] });
    expect(await getTranscript('mtg_quiet')).toEqual([]);
    service()
      .post('/v1/get-meeting-transcripts')
      .reply(404, { success: false, error: 'Meeting not found', code: 'NOT_FOUND' });
    expect(await getTranscript('mtg_other')).toEqual([]);
  });

  it('has a sample built from the schema example', () => {
    const sample = App.searches?.get_transcript?.operation.sample as { utterances: unknown[] };
    expect(sample.utterances).toEqual(schemaExamples.transcriptRecord.utterances);
  });
});

describe('the language dropdown', () => {
  it('lists the speech-to-text languages by name with their codes, and feeds Transcribe Audio', async () => {
    const languages = (await appTester(op.trigger('languages_list'), bundleWith())) as {
      id: string;
      name: string;
    }[];
    expect(languages).toContainEqual({ id: 'de', name: 'German (de)' });
    expect(languages).toContainEqual({ id: 'ja', name: 'Japanese (ja)' });
    expect(languages.map((l) => l.name)).toEqual(
      [...languages.map((l) => l.name)].sort((a, b) => a.localeCompare(b)),
    );
    for (const { id } of languages) expect(validate('language-hints', [id]).ok, id).toBe(true);
    const field = (
      (App.creates?.transcribe_audio?.operation.inputFields ?? []) as { key: string; dynamic?: string }[]
    ).find((f) => f.key === 'language_hints');
    expect(field?.dynamic).toBe('languages_list.id.name');
  });
});

describe('Find or Create Meeting', () => {
  it('pairs Find Meeting with Create Meeting', () => {
    expect(App.searchOrCreates?.find_meeting).toMatchObject({
      search: 'find_meeting',
      create: 'create_meeting',
    });
  });
});

describe('Generate Document models', () => {
  it('labels each model choice by what it is and shows the name the service takes', () => {
    const field = (
      (App.creates?.generate_document?.operation.inputFields ?? []) as {
        key: string;
        choices?: { label: string; value: string }[];
      }[]
    ).find((f) => f.key === 'model');
    expect(field?.choices?.map((c) => c.label)).toEqual([
      'Default writing model (parley-default)',
      'Alternate writing model (parley-alternate)',
    ]);
  });
});

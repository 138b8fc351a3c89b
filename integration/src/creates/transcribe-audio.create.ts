// Transcribe Audio: file speech-to-text (POST /v1/stt) of an audio file the service downloads itself.
// The OAuth token goes in `Authorization: Bearer` (see service.client.ts), never as the `api_key` query.
import { randomUUID } from 'node:crypto';
import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import type { SttRequest, SttResponse, SttUtterance } from '../generated/schema-types.js';
import { schemaExamples } from '../generated/service-data.js';
import { dataOf, urls } from '../service.client.js';
import { LANGUAGE_DROPDOWN } from '../triggers/languages-list.trigger.js';

const inputFields = defineInputFields([
  {
    key: 'audio_url',
    label: 'Audio File',
    type: 'file',
    required: true,
    helpText: 'A recording from an earlier step, or a public http(s) link to one (any common audio format).',
  },
  {
    key: 'enable_diarization',
    label: 'Identify Speakers',
    type: 'boolean',
    required: false,
    default: 'true',
    helpText: 'Label who said what ("Speaker 0", "Speaker 1" …).',
  },
  {
    key: 'language_hints',
    label: 'Languages',
    type: 'string',
    list: true,
    required: false,
    dynamic: LANGUAGE_DROPDOWN,
    helpText:
      'Up to 3 languages spoken in the recording (or their codes, e.g. en, de); leave empty to detect.',
  },
  {
    key: 'context_keywords',
    label: 'Keywords',
    type: 'string',
    list: true,
    required: false,
    helpText: 'Names and terms the recording mentions, to spell them right.',
  },
]);

type Inputs = {
  audio_url: string;
  enable_diarization?: boolean;
  language_hints?: string[];
  context_keywords?: string[];
};

/** One line per utterance, "Speaker 0: …", for steps that want plain text with the speakers. */
export const speakerTranscript = (utterances: SttUtterance[]): string =>
  utterances.map((u) => `Speaker ${u.speaker}: ${u.text}`).join('\n');

const transcriptOutput = (id: string, result: SttResponse) => ({
  id,
  text: result.text,
  detected_language: result.detected_language,
  confidence: result.confidence,
  speaker_count: new Set(result.utterances.map((u) => u.speaker)).size,
  transcript_with_speakers: speakerTranscript(result.utterances),
  utterances: result.utterances,
});

const perform = async (z: ZObject, bundle: Bundle<Inputs>) => {
  // The result carries no id; the session id the app chooses names it (and shows in Parley's logs).
  const session_id = `zap_${randomUUID()}`;
  const body: SttRequest = {
    audio_url: bundle.inputData.audio_url,
    session_id,
    enable_diarization: String(bundle.inputData.enable_diarization ?? 'true') !== 'false',
  };
  const hints = (bundle.inputData.language_hints ?? []).filter((h) => h.trim());
  if (hints.length) body.language_hints = hints;
  const keywords = (bundle.inputData.context_keywords ?? []).filter((k) => k.trim());
  if (keywords.length) body.context_keywords = keywords;
  const result = dataOf<SttResponse>(await z.request({ url: urls.rest('stt'), method: 'POST', body }));
  return transcriptOutput(session_id, result);
};

export default defineCreate({
  key: 'transcribe_audio',
  noun: 'Transcript',
  display: {
    label: 'Transcribe Audio',
    description: 'Turns an audio file into text, with who said what, in any language Parley detects.',
  },
  operation: {
    inputFields,
    perform,
    sample: transcriptOutput('zap_5d0c3a62-8f1e-4b7a-9c41-2e6f0b9d7a13', schemaExamples.transcription),
    outputFields: [
      { key: 'id', label: 'Transcript ID', type: 'string', primary: true },
      { key: 'text', label: 'Transcript', type: 'string' },
      { key: 'detected_language', label: 'Detected Language', type: 'string' },
      { key: 'confidence', label: 'Confidence', type: 'number' },
      { key: 'speaker_count', label: 'Speaker Count', type: 'integer' },
      { key: 'transcript_with_speakers', label: 'Transcript With Speakers', type: 'string' },
      { key: 'utterances[]speaker', label: 'Utterance Speaker', type: 'string' },
      { key: 'utterances[]text', label: 'Utterance Text', type: 'string' },
      { key: 'utterances[]start_ms', label: 'Utterance Start (Milliseconds)', type: 'integer' },
      { key: 'utterances[]end_ms', label: 'Utterance End (Milliseconds)', type: 'integer' },
      { key: 'utterances[]confidence', label: 'Utterance Confidence', type: 'number' },
      { key: 'utterances[]language', label: 'Utterance Language', type: 'string' },
    ],
  },
});

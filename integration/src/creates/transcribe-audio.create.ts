// Transcribe Audio: file speech-to-text (POST /v1/stt) of an audio file the service downloads itself.
// The OAuth token goes in `Authorization: Bearer` (see service.client.ts), never as the `api_key` query.
// A step has 30 s: a long recording goes through the service's callback_url extension instead
// ("Deliver Later", or on its own past LATER_PAST_BYTES), and Zapier resumes the step with the
// delivered result in performResume, whose output is the synchronous one's, field for field. A
// deployment without that extension answers with the transcript whatever was asked: the answer decides.
import { randomUUID } from 'node:crypto';
import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { checkDelivery } from '../answer-check.js';
import type {
  SttAcceptedResponse,
  SttCallback,
  SttRequest,
  SttResponse,
  SttUtterance,
} from '../generated/schema-types.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { dataOf, refusedLinkError, urls } from '../service.client.js';
import { LANGUAGE_DROPDOWN } from '../triggers/languages-list.trigger.js';

const inputFields = defineInputFields([
  {
    key: 'audio_url',
    label: 'Audio File',
    type: 'file',
    required: true,
    helpText:
      'A recording file from an earlier step, or a public http(s) URL of one in any common audio format, e.g. https://example.com/call.mp3.',
  },
  {
    key: 'enable_diarization',
    label: 'Identify Speakers',
    type: 'boolean',
    required: false,
    default: 'true',
    helpText: 'Yes or No (default Yes): label who said what, e.g. "Speaker 0", "Speaker 1".',
  },
  {
    key: 'language_hints',
    label: 'Languages',
    type: 'string',
    list: true,
    required: false,
    dynamic: LANGUAGE_DROPDOWN,
    helpText:
      'Up to 3 languages spoken in the recording, one per entry, by name or two-letter code (e.g. en, de); leave empty to detect.',
  },
  {
    key: 'context_keywords',
    label: 'Keywords',
    type: 'string',
    list: true,
    required: false,
    helpText:
      'Names and terms the recording mentions, one per entry as plain text, to spell them right, e.g. Kubernetes.',
  },
  {
    key: 'deliver_later',
    label: 'Deliver Later',
    type: 'boolean',
    required: false,
    helpText:
      'Yes, No or empty, e.g. Yes for an hour-long call. Yes: the Zap pauses until Parley sends the transcript, for recordings of any length. No: wait within the 30-second step limit (a few minutes of audio at most). Empty: later for files over 1 MB (about half a minute of WAV, a minute of MP3), at once otherwise.',
  },
]);

/**
 * Past this size (the file host's Content-Length) an unset "Deliver Later" goes through the callback:
 * about 30 s of 16 kHz WAV or a minute of 128 kbit/s MP3, which a busy deployment may not transcribe
 * within the step's 30 s. A file whose size the host does not tell is waited for.
 */
export const LATER_PAST_BYTES = 1024 * 1024;

type Inputs = {
  audio_url: string;
  enable_diarization?: boolean;
  language_hints?: string[];
  context_keywords?: string[];
  deliver_later?: boolean | string;
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

/** The input as the user set it: true, false, or undefined when left empty. */
const choice = (value: boolean | string | undefined): boolean | undefined =>
  value === undefined || value === '' ? undefined : String(value) === 'true';

/** The file's size from its host (HEAD), or undefined when the host does not say. */
async function sizeOf(z: ZObject, url: string): Promise<number | undefined> {
  try {
    const head = await z.request({ url, method: 'HEAD', skipThrowForStatus: true });
    const length = Number(head.headers.get('content-length'));
    return head.status < 300 && Number.isFinite(length) && length > 0 ? length : undefined;
  } catch {
    return undefined;
  }
}

async function deliverLater(z: ZObject, bundle: Bundle<Inputs>): Promise<boolean> {
  const chosen = choice(bundle.inputData.deliver_later);
  if (chosen !== undefined) return chosen;
  return ((await sizeOf(z, bundle.inputData.audio_url)) ?? 0) > LATER_PAST_BYTES;
}

const perform = async (z: ZObject, bundle: Bundle<Inputs>) => {
  const later = await deliverLater(z, bundle);
  // The editor never calls back: while it loads samples the step shows the sample.
  if (later && bundle.meta?.isLoadingSample) return sample;
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
  const callbackUrl = later ? z.generateCallbackUrl() : undefined;
  if (callbackUrl) body.callback_url = callbackUrl;
  const answer = dataOf<unknown>(await z.request({ url: urls.rest('stt'), method: 'POST', body }));
  // What the service did is in its answer, not in what was asked: a deployment without the callback
  // extension ignores callback_url and answers with the transcript (the spec's /v1/stt).
  if (isTranscript(answer)) {
    // The platform waits for a callback once its URL was generated: the app delivers the transcript
    // there itself, so the step resumes at once (performResume) instead of waiting for nothing.
    if (callbackUrl)
      await z.request({
        url: callbackUrl,
        method: 'POST',
        body: { ...answer, status: 'success', session_id },
      });
    return transcriptOutput(session_id, answer);
  }
  if (callbackUrl && isAccepted(answer)) {
    return { id: answer.session_id ?? session_id, job_id: answer.job_id, message: answer.message };
  }
  throw new z.errors.Error(
    `Parley answered the transcription without a transcript${callbackUrl ? ' or an accepted job' : ''}.`,
    'no_transcript',
    502,
  );
};

/** A finished transcript: the spec's answer of /v1/stt (text and utterances). */
const isTranscript = (answer: unknown): answer is SttResponse =>
  typeof (answer as SttResponse | undefined)?.text === 'string' &&
  Array.isArray((answer as SttResponse | undefined)?.utterances);

/** A job the service accepted and will deliver to the callback (the stt callback extension's answer). */
const isAccepted = (answer: unknown): answer is SttAcceptedResponse =>
  typeof (answer as SttAcceptedResponse | undefined)?.job_id === 'string';

/**
 * Runs with the body Parley POSTed to the callback URL: the transcript, or the failure in the words
 * (and with the error kinds) the synchronous answer of the same failure gets.
 */
const performResume = async (z: ZObject, bundle: Bundle) => {
  // The app's own delivery of a transcript the service answered at once (perform, above): checked as
  // the /v1/stt answer when it came, and without the job fields only the callback extension has.
  const own = bundle.cleanedRequest as (SttResponse & { session_id?: unknown }) | undefined;
  if (isTranscript(own) && !('job_id' in own) && typeof own.session_id === 'string')
    return transcriptOutput(own.session_id, own);
  const callback = checkDelivery<SttCallback>(
    z,
    bundle.cleanedRequest,
    'stt-callback',
    'a Transcribe Audio callback',
  );
  if (callback?.status === 'success') return transcriptOutput(callback.session_id, callback);
  const text = callback?.status === 'failed' ? callback.error : 'Parley sent no transcript in its callback';
  throw (
    refusedLinkError(z, text) ??
    new z.errors.Error(
      `Parley could not transcribe the recording: ${text}`,
      callback?.code ?? 'no_transcript',
      502,
    )
  );
};

const sample = transcriptOutput('zap_5d0c3a62-8f1e-4b7a-9c41-2e6f0b9d7a13', schemaExamples.transcription);

export default defineCreate({
  key: 'transcribe_audio',
  noun: 'Transcript',
  display: {
    label: 'Transcribe Audio',
    description: STEP_HELP.transcribe_audio,
  },
  operation: {
    inputFields,
    perform,
    performResume,
    sample,
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

import { SessionTTSRequest, SessionTTSResponse } from '@parley/schemas/proto';
import {
  audioUrl,
  call,
  chunksOf,
  type Demo,
  type Json,
  speechCall,
  streamSession,
  type Target,
} from './show-client.js';

// The one exchange that shows each speech, translation and stream violation or variant.

const stt = (t: Target, body: Json = {}) => speechCall(t, '/v1/stt', { audio_url: audioUrl(t), ...body });
const firstUtterance = async (t: Target) => ((await stt(t)).body.utterances as Json[])[0] ?? {};
const denoise = (t: Target, body: Json = {}) =>
  call(t, '/v1/denoise', { audio_url: audioUrl(t, 'noisy/snr-10db.wav'), ...body });
const translate = (t: Target, body: Json) => call(t, '/v1/translate-text', { text: 'hello', ...body });

async function tts(t: Target, fields: Json) {
  const r = await fetch(`${t.baseUrl}/v1/tts?api_key=${encodeURIComponent(t.ref.apiKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-protobuf' },
    body: SessionTTSRequest.encode(SessionTTSRequest.fromObject(fields)).finish(),
  });
  const bytes = Buffer.from(await r.arrayBuffer());
  const type = r.headers.get('content-type') ?? '';
  const error = /protobuf/.test(type) ? SessionTTSResponse.decode(bytes).toJSON().error : undefined;
  return { status: r.status, type: type.split(';')[0], error };
}

const TEN = ['es', 'fr', 'it', 'pt', 'ca', 'gl', 'bs', 'hr', 'sr', 'en'];

export const SPEECH_DEMOS: Record<string, Demo> = {
  'stt-ms-unrounded': async (t) => ({
    start_ms_integer: Number.isInteger((await firstUtterance(t)).start_ms),
  }),
  'stt-speaker-number': async (t) => typeof (await firstUtterance(t)).speaker,
  'stt-detected-language-name': async (t) => (await stt(t)).body.detected_language,
  'stt-comma-hints-refused': async (t) => (await stt(t, { language_hints: 'en,fr' })).status,
  'stt-fourth-hint-refused': async (t) => (await stt(t, { language_hints: ['en', 'fr', 'de', 'es'] })).status,
  'stt-legacy-hint-refused': async (t) => (await stt(t, { language_hint: 'en' })).status,
  'stt-long-keywords-refused': async (t) =>
    (await stt(t, { context_keywords: `note,${'call'.repeat(600)}` })).status,
  'stt-missing-url-422': async (t) => {
    const r = await speechCall(t, '/v1/stt', {});
    return [r.status, r.body.error];
  },
  'stt-empty-body-invalid-json': async (t) => (await speechCall(t, '/v1/stt', '')).body.error,
  'stt-query-key-ignored': async (t) => (await speechCall(t, '/v1/stt', {})).status,
  'tts-json-answer': async (t) =>
    (await tts(t, { session_id: 's', message_id: 'm', text: 'hello there' })).type,
  'tts-missing-field-200': async (t) => (await tts(t, { session_id: 's', text: 'hello there' })).status,
  'denoise-url-unsigned': async (t) => {
    const url = String((await denoise(t)).body.denoised_audio_url);
    return { signed: url.includes('?'), download_status: (await fetch(url)).status };
  },
  'denoise-zero-refused': async (t) => (await denoise(t, { atten_limit_db: 0 })).status,
  'denoise-atten-string': async (t) => typeof (await denoise(t)).body.applied_atten_db,
  'translate-names-refused': async (t) =>
    (await translate(t, { target_languages: ['fr', 'Spanish'] })).status,
  'translate-nine-targets-max': async (t) => (await translate(t, { target_languages: TEN })).status,
  'translate-long-text-refused': async (t) =>
    (await translate(t, { text: 'hello world. '.repeat(4000), target_languages: ['es'] })).status,
  'stream-no-connected': async (t) => (await streamSession(t)).frames[0],
  'stream-id-per-frame': async (t) => ({
    distinct_ids: new Set(chunksOf(await streamSession(t)).map((c) => c.id)).size,
  }),
  'stream-text-delta': async (t) =>
    chunksOf(await streamSession(t))
      .map((c) => c.text)
      .slice(-3),
  'stream-no-terminal-frame': async (t) => (await streamSession(t)).frames.at(-1),
  'stream-proto-no-terminal-frame': async (t) => (await streamSession(t, { json: false })).frames.at(-1),
  'stream-trailing-final-lost': async (t) => ({
    finals: chunksOf(await streamSession(t)).filter((c) => c.is_final).length,
  }),
  'stream-speaker-number': async (t) =>
    chunksOf(await streamSession(t))
      .map((c) => typeof c.speaker)
      .at(-1),
  'stream-no-session-id': async (t) => ({
    session_id: chunksOf(await streamSession(t)).every((c) => typeof c.session_id === 'string'),
  }),
  'stream-finalize-stalls': async (t) => ({
    finish_seconds: (await streamSession(t, { waitSeconds: 15 })).finishSeconds,
  }),
  'stt-comma-keywords-refused': async (t) => (await stt(t, { context_keywords: 'note,call' })).status,
  'stream-bad-auth-close-4401': async (t) => (await streamSession(t, { key: 'prl_not_a_key' })).close,
  'stream-format-json-ignored': async (t) => typeof (await streamSession(t)).frames[0],
  'stream-query-diarization-ignored': async (t) =>
    chunksOf(await streamSession(t, { query: 'enable_diarization=false' })).some(
      (c) => c.speaker !== undefined,
    ),
  'stream-config-diarization-ignored': async (t) =>
    chunksOf(await streamSession(t, { config: { enable_diarization: false } })).some(
      (c) => c.speaker !== undefined,
    ),
  'stt-result-without-session-id': async (t) => Object.keys((await stt(t)).body).sort(),
  'denoise-basic-version': async (t) => Object.keys((await denoise(t)).body).sort(),
  'translate-map-shape': async (t) => (await translate(t, { target_languages: ['es'] })).body,
  'stream-speaker-unresolved': async (t) =>
    chunksOf(await streamSession(t))
      .map((c) => c.speaker)
      .at(-1) ?? 'absent',
  'stream-finalize-later': async (t) => ({ finish_seconds: (await streamSession(t)).finishSeconds }),
};

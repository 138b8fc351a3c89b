import { SessionTTSRequest, SessionTTSResponse, SttRequestMessage } from '@parley/schemas/proto';
import WebSocket from 'ws';
import {
  audioUrl,
  call,
  chunksOf,
  type Demo,
  type Json,
  speechCall,
  streamSession,
  type Target,
} from '../show-client.js';
import { keys, list } from './demos-rest.js';

// The one exchange of each speech, audio, translation and live-stream entry of the sixth blind set,
// for show6.ts, reduced to what the entry is about (recognizer words vary from run to run).

const stt = (t: Target, body: Json = {}) => speechCall(t, '/v1/stt', { audio_url: audioUrl(t), ...body });
const utterancesOf = (b: Json) => list(b, 'utterances');
async function tts(t: Target, fields: Json) {
  const r = await fetch(`${t.baseUrl}/v1/tts?api_key=${encodeURIComponent(t.ref.apiKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-protobuf' },
    body: SessionTTSRequest.encode(SessionTTSRequest.fromObject(fields)).finish(),
  });
  return {
    status: r.status,
    type: r.headers.get('content-type') ?? '',
    bytes: Buffer.from(await r.arrayBuffer()),
  };
}
const speak = (t: Target) =>
  tts(t, { session_id: 'demo-s6', message_id: 'demo-s6-msg', text: 'Hello there.' });
const translate = (t: Target, body: Json) => call(t, '/v1/translate-text', { text: 'hello world', ...body });
const denoise = (t: Target, key?: string | null) => call(t, '/v1/denoise', { audio_url: audioUrl(t) }, key);
const finals = (frames: Json[]) => frames.filter((c) => c.is_final === true);

/** The first frame a session with this config gets (or its close code), no audio sent. */
function firstFrame(t: Target, config: Json, query = 'format=json'): Promise<unknown> {
  const ws = new WebSocket(`${t.wsUrl}/v1/stt/stream?${query}&api_key=${encodeURIComponent(t.ref.apiKey)}`);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('nothing in 5 s');
    }, 5000);
    ws.on('open', () => ws.send(JSON.stringify(config)));
    ws.on('message', (data: Buffer, isBinary) => {
      clearTimeout(timer);
      const frame = isBinary ? { binary: true } : (JSON.parse(data.toString('utf8')) as Json);
      ws.close();
      resolve(frame.error ? { error: (frame.error as Json).code } : frame);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ close: code });
    });
    ws.on('error', () => resolve('error'));
  });
}

export const SPEECH_DEMOS6: Record<string, Demo> = {
  's6-stt-offsets-in-seconds': async (t) =>
    utterancesOf((await stt(t)).body).map((u) => [Number.isInteger(u.start_ms), Number.isInteger(u.end_ms)]),
  's6-stt-speaker-labels-named': async (t) => utterancesOf((await stt(t)).body).map((u) => u.speaker),
  's6-stt-confidence-percent': async (t) => ({ withinOne: Number((await stt(t)).body.confidence) <= 1 }),
  's6-stt-language-name': async (t) => (await stt(t)).body.detected_language,
  's6-stt-diarization-off-by-default': async (t) => {
    const r = await stt(t, { audio_url: audioUrl(t, 'conversations/two-speakers.wav') });
    return { speakers: new Set(utterancesOf(r.body).map((u) => u.speaker)).size };
  },
  's6-stt-hints-string-refused': async (t) => (await stt(t, { language_hints: 'en' })).status,
  's6-stt-legacy-hint-refused': async (t) => (await stt(t, { language_hint: 'en' })).status,
  's6-stt-fourth-hint-refused': async (t) =>
    (await stt(t, { language_hints: ['en', 'fr', 'de', 'es'] })).status,
  's6-stt-long-keywords-refused': async (t) =>
    (await stt(t, { context_keywords: Array.from({ length: 300 }, (_, i) => `keyword${i}`) })).status,
  's6-stt-protobuf-body-refused': async (t) => {
    const body = SttRequestMessage.encode(SttRequestMessage.fromObject({ audio_url: audioUrl(t) })).finish();
    const r = await fetch(`${t.baseUrl}/v1/stt?api_key=${encodeURIComponent(t.ref.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body,
    });
    return r.status;
  },
  's6-stt-missing-url-words': async (t) => (await speechCall(t, '/v1/stt', {})).body,
  's6-stt-empty-body-invalid-json': async (t) => (await speechCall(t, '/v1/stt', '')).body,
  's6-stt-query-key-refused': async (t) => (await speechCall(t, '/v1/stt', {})).status,
  's6-tts-missing-field-422': async (t) =>
    (await tts(t, { session_id: 'demo-s6', message_id: 'demo-s6-msg' })).status,
  's6-tts-json-answer': async (t) => (await speak(t)).type,
  's6-tts-error-set-on-success': async (t) => {
    const m = SessionTTSResponse.toObject(SessionTTSResponse.decode((await speak(t)).bytes)) as Json;
    return { error: m.error ?? '', hasUrl: Boolean(m.audio_url) };
  },
  's6-denoise-wav-file': async (t) => {
    const url = String((await denoise(t)).body.denoised_audio_url);
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    return bytes.subarray(4, 8).toString('latin1') === 'ftyp'
      ? 'MP4 container'
      : bytes.subarray(0, 4).toString('latin1');
  },
  's6-denoise-without-key': async (t) => {
    await call(t, '/v1/get-meetings', { limit: 1 });
    return (await denoise(t, null)).status;
  },
  's6-denoise-snr-average': async (t) => ({ array: Array.isArray((await denoise(t)).body.frame_lsnr_db) }),
  's6-translate-names-refused': async (t) => (await translate(t, { target_languages: ['Spanish'] })).status,
  's6-translate-source-required': async (t) => (await translate(t, { target_languages: ['es'] })).status,
  // Live stream.
  's6-stream-interim-ids-numbered': async (t) => ({
    ids: new Set(chunksOf(await streamSession(t)).map((c) => c.id)).size,
  }),
  's6-stream-speaker-despite-diarization-off': async (t) =>
    finals(chunksOf(await streamSession(t, { query: 'enable_diarization=false' }))).map(
      (c) => c.speaker ?? null,
    ),
  's6-stream-config-diarization-ignored': async (t) =>
    finals(chunksOf(await streamSession(t, { config: { enable_diarization: false } }))).map(
      (c) => c.speaker ?? null,
    ),
  's6-stream-json-without-finished': async (t) => {
    const s = await streamSession(t);
    return { last: keys(s.frames.at(-1)), close: s.close };
  },
  's6-stream-protobuf-reason-unspecified': async (t) =>
    (await streamSession(t, { json: false })).frames.at(-1),
  's6-stream-finalize-15-seconds': async (t) => {
    const s = await streamSession(t, { waitSeconds: 25 });
    return s.finishSeconds === null ? 'no terminal frame' : s.finishSeconds < 8 ? 'within 8 s' : 'after 8 s';
  },
  's6-stream-end-drops-pending-finals': async (t) => ({
    finals: finals(chunksOf(await streamSession(t))).length,
  }),
  's6-stream-auth-close-4401': async (t) => (await streamSession(t, { key: 'prl_demo_not_a_key' })).close,
  's6-stream-opus-refused': async (t) => firstFrame(t, { encoding: 'opus' }),
  's6-stream-session-id-replaced': async (t) => {
    const s = await streamSession(t, { config: { session_id: 'demo-s6-session' } });
    return [...new Set(chunksOf(s).map((c) => c.session_id))];
  },
  's6-stream-fourth-hint-refused': async (t) =>
    firstFrame(t, { encoding: 'pcm16' }, 'format=json&language_hints=en,fr,de,es'),
  's6-stream-json-by-default': async (t) => firstFrame(t, { encoding: 'pcm16' }, 'x=1'),
  // Variants.
  's6v-translate-map': async (t) => keys((await translate(t, { target_languages: ['es'] })).body),
  's6v-translate-errors-422': async (t) => (await translate(t, { target_languages: ['xx'] })).status,
  's6v-denoise-basic': async (t) => keys((await denoise(t)).body),
  's6v-stream-fewer-interims': async (t) => ({
    interims: chunksOf(await streamSession(t)).filter((c) => c.is_final === false).length > 6,
  }),
  's6v-stream-close-without-code': async (t) => (await streamSession(t)).close,
  's6v-stream-finalize-3-seconds': async (t) => {
    const s = await streamSession(t);
    return s.finishSeconds === null ? 'no terminal frame' : s.finishSeconds < 2 ? 'within 2 s' : 'after 2 s';
  },
};

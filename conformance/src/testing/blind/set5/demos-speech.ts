import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SessionTTSRequest } from '@parley/schemas/proto';
import {
  audioUrl,
  call,
  chunksOf,
  type Demo,
  type Json,
  partnerCall,
  type Session,
  type SessionOptions,
  speechCall,
  streamSession,
  type Target,
} from '../show-client.js';
import { seen, stable } from './demos-rest.js';

// The one exchange of each speech, stream, partner and health entry of the fifth blind set, for show.ts.

const list = (b: Json, key: string) => (Array.isArray(b[key]) ? (b[key] as Json[]) : []);
const T = (t: Target) => t.ref.transcriptMeetingId;

const sttDemo: Demo = async (t) => {
  const r = await speechCall(t, '/v1/stt', { audio_url: audioUrl(t) });
  return {
    status: r.status,
    text: String(r.body.text ?? '').slice(0, 60),
    confidence: r.body.confidence,
    first: list(r.body, 'utterances')
      .slice(0, 2)
      .map((u) => ({ speaker: u.speaker, start_ms: u.start_ms, end_ms: u.end_ms })),
  };
};
const sttStatus =
  (body: unknown): Demo =>
  async (t) =>
    seen(await speechCall(t, '/v1/stt', body));
const ttsMissing: Demo = async (t) => {
  const body = SessionTTSRequest.encode({ session_id: 'demo-s', message_id: 'demo-m' }).finish();
  const r = await fetch(`${t.baseUrl}/v1/tts?api_key=${encodeURIComponent(t.ref.apiKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-protobuf' },
    body,
  });
  return { status: r.status, body: (await r.text()).slice(0, 120) };
};
const denoise: Demo = async (t) =>
  seen(await call(t, '/v1/denoise', { audio_url: audioUrl(t), atten_limit_db: 0 }), (b) => ({
    ...b,
    frame_lsnr_db: Array.isArray(b.frame_lsnr_db) ? 'array' : typeof b.frame_lsnr_db,
  }));
const translate =
  (body: Json): Demo =>
  async (t) =>
    seen(await call(t, '/v1/translate-text', body));

/** What a client sees of a live session: frame kinds, utterance ids, interims, speakers, the end. */
const streamDemo =
  (options: SessionOptions = {}): Demo =>
  async (t) => {
    const s: Session = await streamSession(t, { waitSeconds: 40, ...options });
    const chunks = chunksOf(s);
    return {
      connected: s.frames.some((f) => typeof f === 'object' && f.connected === true),
      binary: s.frames.filter((f) => typeof f === 'string').length,
      utterances: new Set(chunks.map((c) => c.id)).size,
      finals: chunks.filter((c) => c.is_final === true).length,
      interims: chunks.filter((c) => c.is_final !== true).length,
      cumulative: chunks.every(
        (c, i) =>
          c.is_final === true ||
          i === 0 ||
          chunks[i - 1]?.id !== c.id ||
          String(c.text).startsWith(String(chunks[i - 1]?.text)),
      ),
      speakers: [...new Set(chunks.map((c) => `${c.is_final ? 'final' : 'interim'}:${String(c.speaker)}`))],
      sessions: [...new Set(chunks.map((c) => String(c.session_id)))],
      finished: s.finishSeconds === null ? 'none' : s.finishSeconds > 15 ? 'late' : 'prompt',
      close: s.close,
    };
  };
const streamSummary = streamDemo({ config: { session_id: 'demo-session' } });

/** A generate-document with a callback to a receiver of this process: whether the callback came. */
const callbackDemo: Demo = async (t) => {
  let got: Json | undefined;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      got = JSON.parse(text || '{}') as Json;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
    const r = await partnerCall(t, `/api/partner/meetings/${T(t)}/generate-document`, {
      method: 'POST',
      body: { prompt: 'Minutes', callback_url: url },
    });
    for (let i = 0; i < 60 && !got; i++) await new Promise((w) => setTimeout(w, 500));
    return { status: r.status, callback: got ? Object.keys(got) : 'none' };
  } finally {
    server.close();
  }
};
const trigger = (name: string) => async (t: Target) => {
  const r = await partnerCall(t, `/api/partner/triggers/${name}`);
  return Array.isArray(r.body)
    ? { array: true, items: (r.body as Json[]).slice(0, 3).map((i) => stable(i)) }
    : { array: false, body: stable(r.body) };
};
const health =
  (headers: Record<string, string> = {}): Demo =>
  async (t) => {
    const r = await fetch(`${t.baseUrl}/health`, { headers });
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      body: (await r.text()).slice(0, 40).replace(/\d/g, '9'),
    };
  };
const tokenDemo: Demo = async (t) => {
  const { signInTokens } = await import('../show-client.js');
  return Object.keys((await signInTokens(t)).body);
};

export const SPEECH_DEMOS5: Record<string, Demo> = {
  's5-stt-confidence-percent': sttDemo,
  's5-stt-times-in-seconds': sttDemo,
  's5-stt-speaker-integer': sttDemo,
  's5-stt-text-last-utterance': async (t) => {
    const r = await speechCall(t, '/v1/stt', { audio_url: audioUrl(t, 'conversations/two-speakers.wav') });
    return {
      whole:
        list(r.body, 'utterances')
          .map((u) => u.text)
          .join(' ') === r.body.text,
      utterances: list(r.body, 'utterances').length,
    };
  },
  's5-stt-diarization-default-off': sttDemo,
  's5-stt-comma-hints-refused': async (t) =>
    (await speechCall(t, '/v1/stt', { audio_url: audioUrl(t), language_hints: 'en,de' })).status,
  's5-stt-legacy-hint-refused': async (t) =>
    (await speechCall(t, '/v1/stt', { audio_url: audioUrl(t), language_hint: 'en' })).status,
  's5-stt-missing-audio-url-words': sttStatus({ session_id: 'demo-s' }),
  's5-stt-empty-body-invalid-json': sttStatus(''),
  's5-speech-key-header-only': sttStatus({ session_id: 'demo-s' }),
  's5-tts-missing-field-words': ttsMissing,
  's5-denoise-header-key-refused': denoise,
  's5-denoise-applied-echoes-zero': denoise,
  's5-denoise-lsnr-joined': denoise,
  's5-translate-names-refused': translate({ text: 'Good morning', target_languages: ['Spanish'] }),
  's5-translate-auto-refused': translate({
    text: 'Good morning',
    target_languages: ['es'],
    source_language: 'auto',
  }),
  's5-translate-text-cap-10000': translate({ text: 'Good morning. '.repeat(800), target_languages: ['es'] }),
  's5-stream-no-connected-reply': streamSummary,
  's5-stream-interims-only-new-words': streamSummary,
  's5-stream-id-per-session': streamSummary,
  's5-stream-speaker-always': streamDemo({ query: 'enable_diarization=false' }),
  's5-stream-no-terminal-frame': streamSummary,
  's5-stream-finalize-25s': streamSummary,
  's5-stream-auth-close-4401': streamDemo({ key: 'prl_demo_wrong' }),
  's5-stream-default-encoding-opus': streamDemo({ config: { encoding: undefined } }),
  's5-stream-diarization-query-ignored': streamDemo({ query: 'enable_diarization=false' }),
  's5-stream-format-json-ignored': streamSummary,
  's5-stream-session-id-replaced': streamSummary,
  's5-triggers-oldest-first': trigger('summary-ready'),
  's5-triggers-wrapped': trigger('summary-ready'),
  's5-summary-ready-id-is-meeting': async (t) => {
    const r = await partnerCall(t, '/api/partner/triggers/summary-ready');
    return (Array.isArray(r.body) ? (r.body as Json[]) : []).slice(0, 3).map((i) => i.id === i.meeting_id);
  },
  's5-meeting-ended-no-end-at': trigger('meeting-ended'),
  's5-details-summary-never-latest': async (t) =>
    seen(await partnerCall(t, `/api/partner/meetings/${T(t)}`), (b) => ({
      ...b,
      latest_summary: b.latest_summary ? Object.keys(b.latest_summary as Json) : null,
    })),
  's5-generate-sync-no-document': async (t) =>
    seen(
      await partnerCall(t, `/api/partner/meetings/${T(t)}/generate-document`, {
        method: 'POST',
        body: { prompt: 'Minutes' },
      }),
      (b) => Object.keys(b),
    ),
  's5-generate-callback-never-sent': callbackDemo,
  's5-generate-unknown-model-accepted': async (t) =>
    (
      await partnerCall(t, `/api/partner/meetings/${T(t)}/generate-document`, {
        method: 'POST',
        body: { prompt: 'Minutes', model: 'demo-model' },
      })
    ).status,
  's5-token-no-refresh-token': tokenDemo,
  's5-health-needs-key': health(),
  's5-health-plain-text': health(),
  's5v-token-without-expires-in': tokenDemo,
  's5v-translate-query-key': async (t) =>
    (await speechCall(t, '/v1/translate-text', { text: 'Good morning', target_languages: ['es'] })).status,
  's5v-translate-extra-fields': translate({ text: 'Good morning', target_languages: ['es'] }),
  's5v-denoise-errors-nested': async (t) => seen(await call(t, '/v1/denoise', {})),
  's5v-partner-errors-oauth-shape': async (t) =>
    seen(await partnerCall({ ...t, partnerToken: 'pat_demo_wrong' }, '/api/partner/me')),
  's5v-health-empty-object': health(),
  's5v-denoise-basic-version': denoise,
  's5v-stream-speaker-on-finals-only': streamSummary,
  's5v-stream-fewer-interims': streamSummary,
};

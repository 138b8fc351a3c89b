import { SessionTTSResponse, StreamResponse } from '@parley/schemas/proto';
import type { Json } from '../blind/edits.js';
import { answerWith } from '../mutant-run.js';
import { editJson, editRequestJson } from '../variant-edits.js';
import type { Answer, Exchange, ProxyHooks } from '../variant-proxy.js';
import { pathOf } from '../variant-proxy.js';

// The edits the speech and stream facts' violations share: a file STT result or its utterances
// rewritten, an error text reworded, a request field the client left out filled in, a live stream's
// query rewritten, the OGG/Opus header's channel count changed.

/** Successful file STT answers rewritten by `edit`. */
export const sttResult = (edit: (result: Json) => Json): ProxyHooks => ({
  answer: editJson(
    (req, a) => pathOf(req) === '/v1/stt' && a.status === 200,
    (b) => edit(b),
  ),
});

/** Every utterance of successful file STT answers rewritten by `edit`. */
export const sttUtterances = (edit: (u: Json) => Json): ProxyHooks =>
  sttResult((r) => ({ ...r, utterances: (r.utterances as Json[]).map(edit) }));

/** JSON error answers saying `text` say `other` instead (the status kept). */
export const reworded = (text: string, other: string): ProxyHooks => ({
  answer: editJson(
    (_req, a) => a.status >= 400,
    (b) => (b.error === text ? { ...b, error: other } : b.detail === text ? { ...b, detail: other } : b),
  ),
});

/** Requests to `path` without `field` sent upstream with `field: value`: the omitted read as `value`. */
export const omittedAs = (path: string, field: string, value: unknown): ProxyHooks => ({
  request: editRequestJson(path, (b) => (field in b ? b : { ...b, [field]: value })),
});

/** Requests to `path` whose JSON body `refused` picks answered `status` with a generic error body. */
export function refusing(path: string, refused: (asked: Json) => boolean, status = 400): ProxyHooks {
  const picked = new WeakSet<Exchange>();
  return {
    request(req) {
      try {
        if (pathOf(req) === path && refused(JSON.parse(req.body.toString('utf8')) as Json)) picked.add(req);
      } catch {
        // Not JSON: not the request the violation is about.
      }
      return req;
    },
    answer: (req, a) =>
      picked.has(req)
        ? answerWith(status, { success: false, error: 'Unsupported value', code: 'INVALID_REQUEST' })
        : a,
  };
}

/** Successful TTS answers sent as JSON {audio_url, error} instead of a SessionTTSResponse. */
export const ttsAsJson = (): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) !== '/v1/tts' || a.status !== 200 || /json/.test(a.headers.get('content-type') ?? ''))
      return a;
    return answerWith(200, SessionTTSResponse.toObject(SessionTTSResponse.decode(a.body)));
  },
});

/** Successful TTS answers that also set `error` (a status word beside the audio). */
export const ttsErrorOnSuccess = (): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) !== '/v1/tts' || a.status !== 200 || /json/.test(a.headers.get('content-type') ?? ''))
      return a;
    const answer = SessionTTSResponse.decode(a.body);
    const body = SessionTTSResponse.encode(
      SessionTTSResponse.fromObject({ ...answer, error: 'OK' }),
    ).finish();
    return { ...a, body: Buffer.from(body) };
  },
});

/**
 * OGG files served with their OpusHead saying two channels (what a stereo encoder writes). The TTS
 * answer's audio_url is made relative, so the kit fetches the file through the proxy that edits it
 * (the proxy names itself only in JSON answers, and this one is protobuf).
 */
export const oggStereo = (): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) === '/v1/tts' && a.status === 200 && !/json/.test(a.headers.get('content-type') ?? '')) {
      const answer = SessionTTSResponse.decode(a.body) as unknown as {
        audioUrl?: string;
        audio_url?: string;
      };
      const key = 'audioUrl' in answer ? 'audioUrl' : 'audio_url';
      const url = answer[key];
      if (!url) return a;
      const { pathname, search } = new URL(url);
      answer[key] = `${pathname}${search}`;
      return { ...a, body: Buffer.from(SessionTTSResponse.encode(answer as never).finish()) };
    }
    const head = a.body.indexOf('OpusHead');
    if (head < 0) return a;
    const body = Buffer.from(a.body);
    // OpusHead: magic (8 bytes), version (1), channel count (1).
    body[head + 9] = 2;
    return { ...a, body };
  },
});

/** Live-stream connections whose path and query `edit` rewrites. */
export const streamQuery = (edit: (pathAndQuery: string) => string): ProxyHooks => ({ upgrade: edit });

/** The live stream's config frame (its first text frame) rewritten by `edit` on its way upstream. */
export const streamConfig = (edit: (config: Json) => Json): ProxyHooks => ({
  clientFrame(data, isBinary) {
    if (isBinary) return data;
    try {
      return JSON.stringify(edit(JSON.parse(data.toString('utf8')) as Json));
    } catch {
      return data;
    }
  },
});

/** Protobuf frames of the live stream that carry a disconnect_reason dropped (the terminal frame). */
export const protobufTerminalDropped = (): ProxyHooks => ({
  frame(data, isBinary) {
    if (!isBinary) return data;
    const frame = StreamResponse.toObject(StreamResponse.decode(data)) as Json;
    return frame.disconnectReason || frame.disconnect_reason ? null : data;
  },
});

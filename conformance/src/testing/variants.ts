import { fileURLToPath } from 'node:url';
import {
  loadProtoRoot,
  SessionTTSRequest,
  SessionTTSResponse,
  StreamResponse,
  SttRequestMessage,
} from '@parley/schemas/proto';
import { protoLayout } from '../proto-layout.js';
import type { Answer, Exchange, ProxyHooks } from './variant-proxy.js';

// Deployments the spec allows that differ from Parley's: each one, applied by the variant proxy to
// the reference server, must pass the kit (the self-test prints the false-failure rate). `allows`
// quotes the room the spec leaves; `only` names the checks that see the difference.

export interface Variant {
  id: string;
  area: 'rest' | 'errors' | 'speech' | 'stream' | 'partner';
  allows: string;
  only: string[];
  /** Kit options the deployment's users would give (a --proto of their layout). */
  options?: { protoFiles?: string[]; protoStreamMessage?: string };
  hooks(): ProxyHooks;
}

const isJson = (a: { headers: Headers }) => /json/.test(a.headers.get('content-type') ?? '');
const pathOf = (req: Exchange) => req.path.split('?')[0] ?? '';

/** The answer with its JSON body changed by `edit` (other answers as they are). */
function editJson(
  when: (req: Exchange, a: Answer) => boolean,
  edit: (body: Record<string, unknown>, a: Answer) => unknown,
) {
  return (req: Exchange, a: Answer): Answer => {
    if (!isJson(a) || !when(req, a)) return a;
    let body: unknown;
    try {
      body = JSON.parse(a.body.toString('utf8'));
    } catch {
      return a;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return a;
    const headers = new Headers(a.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    return { ...a, headers, body: Buffer.from(JSON.stringify(edit(body as Record<string, unknown>, a))) };
  };
}

/** The JSON body of requests to `path` changed by `edit` before they go upstream. */
function editRequestJson(path: string, edit: (body: Record<string, unknown>) => Record<string, unknown>) {
  return (req: Exchange): Exchange => {
    if (pathOf(req) !== path) return req;
    try {
      return { ...req, body: Buffer.from(JSON.stringify(edit(JSON.parse(req.body.toString('utf8'))))) };
    } catch {
      return req;
    }
  };
}

const isErrorBody = (b: Record<string, unknown>) => b.success === false && typeof b.code === 'string';
const OTHER_LAYOUT = fileURLToPath(new URL('../../test-data/other-layout.proto', import.meta.url));

/**
 * Refresh tokens that stay valid after a refresh (new ones are issued, old ones keep working): every
 * token of a grant's chain is swapped for the newest one upstream before it goes there.
 */
function noRotation(): ProxyHooks {
  const chainOf = new Map<string, string>();
  const newest = new Map<string, string>();
  const chains = new WeakMap<Exchange, string>();
  return {
    request(req) {
      if (!pathOf(req).endsWith('/token')) return req;
      const form = new URLSearchParams(req.body.toString('utf8'));
      const given = form.get('refresh_token');
      if (form.get('grant_type') !== 'refresh_token' || !given) return req;
      const chain = chainOf.get(given) ?? given;
      form.set('refresh_token', newest.get(chain) ?? given);
      const sent = { ...req, body: Buffer.from(form.toString()) };
      chains.set(sent, chain);
      return sent;
    },
    answer(req, a) {
      if (!pathOf(req).endsWith('/token') || a.status !== 200) return a;
      const issued = (JSON.parse(a.body.toString('utf8')) as { refresh_token?: string }).refresh_token;
      if (!issued) return a;
      const chain = chains.get(req) ?? issued;
      chainOf.set(issued, chain);
      newest.set(chain, issued);
      return a;
    },
  };
}

/** File STT's protobuf body in test-data/other-layout.proto on the kit's side, Parley's upstream. */
function otherSttLayout(): ProxyHooks {
  const type = loadProtoRoot([OTHER_LAYOUT]).lookupType('acme.speech.v2.SttRequest');
  return {
    request(req) {
      if (pathOf(req) !== '/v1/stt' || !/protobuf/.test(req.headers.get('content-type') ?? '')) return req;
      const { language_hints: hints, ...fields } = type.toObject(type.decode(req.body));
      // One comma-separated string here, a repeated field (whose entries may be comma lists) there.
      const parley = { ...fields, ...(hints ? { language_hints: [hints] } : {}) };
      return {
        ...req,
        body: Buffer.from(SttRequestMessage.encode(SttRequestMessage.fromObject(parley)).finish()),
      };
    },
  };
}

/** Parley's protobuf layout on the server side, test-data/other-layout.proto on the kit's side. */
function otherLayout(): ProxyHooks {
  const other = protoLayout([OTHER_LAYOUT], 'LiveResult');
  return {
    request(req) {
      if (
        pathOf(req) !== '/v1/tts' ||
        req.body.length === 0 ||
        !/protobuf/.test(req.headers.get('content-type') ?? '')
      )
        return req;
      const fields = other.ttsRequest.toObject(other.ttsRequest.decode(req.body));
      return {
        ...req,
        body: Buffer.from(SessionTTSRequest.encode(SessionTTSRequest.fromObject(fields)).finish()),
      };
    },
    answer(req, a) {
      if (pathOf(req) !== '/v1/tts' || !/protobuf/.test(a.headers.get('content-type') ?? '')) return a;
      const fields = SessionTTSResponse.toObject(SessionTTSResponse.decode(a.body));
      return {
        ...a,
        body: Buffer.from(other.ttsResponse.encode(other.ttsResponse.fromObject(fields)).finish()),
      };
    },
    frame(data, isBinary) {
      if (!isBinary) return data;
      const message = StreamResponse.toObject(StreamResponse.decode(data), { enums: String, oneofs: false });
      if (message.error) return null; // this layout has no error frame; sessions that pass send none
      return Buffer.from(other.stream.encode(other.stream.fromObject(message)).finish());
    },
  };
}

/** Result frames that are interims (`is_final` false) dropped, in JSON and in protobuf. */
function finalsOnly(): ProxyHooks {
  return {
    frame(data, isBinary) {
      if (!isBinary) {
        const chunk = (JSON.parse(data.toString('utf8')) as { chunk?: { is_final?: boolean } }).chunk;
        return chunk && chunk.is_final !== true ? null : data;
      }
      const chunk = StreamResponse.decode(data).chunk;
      return chunk && chunk.is_final !== true ? null : data;
    },
  };
}

function jsonFrames(edit: (frame: Record<string, unknown>) => Record<string, unknown>): ProxyHooks {
  return {
    frame(data, isBinary) {
      if (isBinary) return data;
      return JSON.stringify(edit(JSON.parse(data.toString('utf8')) as Record<string, unknown>));
    },
  };
}

export const VARIANTS: readonly Variant[] = [
  {
    id: 'extra-fields',
    area: 'rest',
    allows: 'Resources list the fields a client can rely on; nothing forbids more',
    only: ['rest'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req).startsWith('/v1/'),
        (b) => ({
          ...b,
          x_request_id: 'req-1',
          ...(b.meeting && typeof b.meeting === 'object'
            ? { meeting: { ...b.meeting, x_region: 'eu' } }
            : {}),
        }),
      ),
    }),
  },
  {
    id: 'health-other-body',
    area: 'rest',
    allows: 'GET /health [...] returns a JSON 200 (body shape unspecified)',
    only: ['rest.08.health'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req) === '/health',
        () => ({ status: 'pass', checks: { db: 'up' } }),
      ),
    }),
  },
  {
    id: 'error-extra-fields',
    area: 'errors',
    allows:
      'error body (generic form): {success: false, error: string, code: string}; more fields are not excluded',
    only: ['errors', 'rest.06.stateful-sequence'],
    hooks: () => ({
      answer: editJson(
        (_r, a) => a.status >= 400,
        (b) => (isErrorBody(b) ? { ...b, request_id: 'req-1', details: [] } : b),
      ),
    }),
  },
  {
    id: 'error-code-names',
    area: 'errors',
    allows: 'Other values of the `code` field [...]: not shown',
    only: ['errors', 'speech.02.error-table'],
    hooks: () => ({
      answer: editJson(
        (_r, a) => a.status >= 400,
        (b) =>
          isErrorBody(b) && b.code !== 'NOT_FOUND'
            ? { ...b, code: `err.${String(b.code).toLowerCase()}` }
            : b,
      ),
    }),
  },
  {
    id: 'validation-as-400',
    area: 'errors',
    allows: '400 invalid request body (the 422 is what the machine-readable description declares)',
    only: ['errors.03.schema-violations', 'rest.04.get-meetings-limits'],
    hooks: () => ({
      answer: (req, a) =>
        a.status === 422
          ? {
              ...editJson(
                () => true,
                () => ({ success: false, error: 'Invalid request body', code: 'INVALID_ARGUMENT' }),
              )(req, a),
              status: 400,
            }
          : a,
    }),
  },
  {
    id: 'loc-without-body',
    area: 'errors',
    allows:
      'Validation error body: {detail: array of {loc: (string or integer)[], msg, type}} (no "body" prefix required)',
    only: ['errors.03.schema-violations'],
    hooks: () => ({
      answer: (req, a) =>
        a.status === 422
          ? editJson(
              () => true,
              (b) => ({
                detail: (b.detail as { loc: unknown[] }[]).map((d) => ({
                  ...d,
                  loc: d.loc[0] === 'body' ? d.loc.slice(1) : d.loc,
                })),
              }),
            )(req, a)
          : a,
    }),
  },
  {
    id: 'speech-error-plain',
    area: 'speech',
    allows: 'Speech-to-text and text-to-speech errors: a status and an error text (no body shape shown)',
    only: ['speech.02.error-table', 'errors.01.auth-texts'],
    hooks: () => ({
      answer: editJson(
        (req, a) => a.status >= 400 && ['/v1/stt', '/v1/tts'].includes(pathOf(req)),
        (b) => ({ error: b.error }),
      ),
    }),
  },
  {
    id: 'denoise-basic',
    area: 'speech',
    allows: 'the basic version returns only denoised_audio_url',
    only: ['speech.05.denoise-m4a'],
    hooks: () => ({
      answer: editJson(
        (req, a) => pathOf(req) === '/v1/denoise' && a.status === 200,
        (b) => ({ denoised_audio_url: b.denoised_audio_url }),
      ),
    }),
  },
  {
    id: 'translate-other-shape',
    area: 'speech',
    allows: 'Response body of translate-text: not shown',
    only: ['speech.06.translate-text'],
    hooks: () => ({
      answer: editJson(
        (req, a) => pathOf(req) === '/v1/translate-text' && a.status === 200,
        (b) => ({
          results: Object.fromEntries(
            ((b.translations ?? []) as { language: string; text: string }[]).map((t) => [t.language, t.text]),
          ),
        }),
      ),
    }),
  },
  {
    id: 'translate-targets-truncated',
    area: 'speech',
    allows: 'target_languages: up to 10 (what happens past 10 is not said): the first 10 translated',
    only: ['speech.11.translate-targets'],
    hooks: () => ({
      request: editRequestJson('/v1/translate-text', (b) => ({
        ...b,
        target_languages: (b.target_languages as unknown[]).slice(0, 10),
      })),
    }),
  },
  {
    id: 'denoise-atten-clamped',
    area: 'speech',
    allows: 'atten_limit_db: 0 to 100 (what happens past the range is not said): clamped into it',
    only: ['speech.10.denoise-atten-range'],
    hooks: () => ({
      request: editRequestJson('/v1/denoise', (b) => ({
        ...b,
        atten_limit_db: Math.min(100, Math.max(0, Number(b.atten_limit_db ?? 0))),
      })),
    }),
  },
  {
    id: 'session-id-uuid',
    area: 'stream',
    allows: '`session_id` string (optional, generated when omitted): of any form',
    only: ['stream.20.hints-keywords-defaults'],
    hooks: () =>
      jsonFrames((f) => {
        const chunk = f.chunk as Record<string, unknown> | undefined;
        if (!chunk || !String(chunk.session_id).startsWith('sess_')) return f;
        return { ...f, chunk: { ...chunk, session_id: '0b7f0f7e-3f7a-4c57-9d2a-6a1f0c3e2b1d' } };
      }),
  },
  {
    id: 'proto-other-layout-tts',
    area: 'speech',
    allows: 'Field numbers and wire layout of the protobuf messages: not shown',
    only: ['speech.02.error-table', 'speech.03.tts-ogg-opus', 'speech.04.signed-url-tamper'],
    options: { protoFiles: [OTHER_LAYOUT], protoStreamMessage: 'LiveResult' },
    hooks: otherLayout,
  },
  {
    id: 'proto-other-layout-stt',
    area: 'speech',
    allows: 'a protobuf body with `application/x-protobuf` is also accepted; its layout: not shown',
    only: ['speech.09.stt-protobuf-body'],
    options: { protoFiles: [OTHER_LAYOUT] },
    hooks: otherSttLayout,
  },
  {
    id: 'proto-other-layout-stream',
    area: 'stream',
    allows: 'Wire layout of protobuf frames: not shown',
    only: [
      'stream.06.protobuf-session',
      'stream.03.utterance-ids',
      'stream.05.no-final-lost',
      'stream.08.finalize-pending',
    ],
    options: { protoFiles: [OTHER_LAYOUT], protoStreamMessage: 'LiveResult' },
    hooks: otherLayout,
  },
  {
    id: 'oauth-token-rfc6749',
    area: 'partner',
    allows:
      'request and response fields of the token exchange: not shown (RFC 6749 §5.1: token_type case-insensitive, expires_in RECOMMENDED)',
    only: ['partner.01.oauth-pkce-flow', 'partner.02.token-refresh-rotation', 'partner.03.me'],
    hooks: () => ({
      answer: editJson(
        (req, a) => pathOf(req).endsWith('/token') && a.status === 200,
        ({ expires_in: _e, scope: _s, ...b }) => ({ ...b, token_type: 'bearer' }),
      ),
    }),
  },
  {
    id: 'cacheable-answers',
    area: 'rest',
    allows:
      'nothing on caching: any Cache-Control where the spec names no rule (RFC 6749 §5.1 keeps no-store on token answers)',
    only: ['rest.01.route-schemas', 'partner.01.oauth-pkce-flow', 'partner.04.triggers'],
    hooks: () => ({
      answer: (req, a) => {
        if (pathOf(req).endsWith('/token')) return a;
        const headers = new Headers(a.headers);
        headers.set('cache-control', 'public, max-age=300');
        return { ...a, headers };
      },
    }),
  },
  {
    id: 'refresh-no-rotation',
    area: 'partner',
    allows:
      'Token lifecycle is handled by the calling platform (RFC 6749 §6: a new refresh token MAY be issued)',
    only: ['partner.02.token-refresh-rotation'],
    hooks: noRotation,
  },
  {
    id: 'slow-finalize',
    area: 'stream',
    allows: 'Finalizing takes about 5 seconds',
    only: ['stream'],
    hooks: () => ({ holdAfterEndMs: 2_500 }),
  },
  {
    id: 'chunk-extra-fields',
    area: 'stream',
    allows: 'result frames {chunk: {id, session_id, text, is_final, speaker}}; more fields are not excluded',
    only: ['stream.02.json-session', 'stream.03.utterance-ids', 'stream.05.no-final-lost'],
    hooks: () =>
      jsonFrames((f) =>
        f.chunk
          ? { ...f, type: 'result', chunk: { ...(f.chunk as object), start_ms: 0, language: 'en' } }
          : { ...f, server_time: '2026-01-01T00:00:00Z' },
      ),
  },
  {
    id: 'no-interims',
    area: 'stream',
    allows:
      '`is_final` false is interim, true is final (nothing says a deployment sends interims; the finals and the order after the empty frame are the rules)',
    only: [
      'stream.02.json-session',
      'stream.05.no-final-lost',
      'stream.06.protobuf-session',
      'stream.08.finalize-pending',
    ],
    hooks: finalsOnly,
  },
  {
    id: 'no-speaker',
    area: 'stream',
    allows: '`speaker` ("0", "1", ...) is present only when diarization is on and the speaker is resolved',
    only: ['stream.02.json-session', 'stream.04.cumulative-text'],
    hooks: () =>
      jsonFrames((f) => {
        if (!f.chunk) return f;
        const { speaker: _s, ...chunk } = f.chunk as Record<string, unknown>;
        return { ...f, chunk };
      }),
  },
  {
    id: 'messages-newest-first',
    area: 'rest',
    allows: 'Order of returned messages and direction of the cursor for get-meeting-messages: not shown',
    only: ['rest.12.message-delete-effects', 'errors.08.second-account-writes'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req) === '/v1/get-meeting-messages',
        (b) => ({ ...b, messages: Array.isArray(b.messages) ? [...b.messages].reverse() : b.messages }),
      ),
    }),
  },
  {
    id: 'max-recording-ignored',
    area: 'rest',
    allows:
      'max_recording_minutes: returned by the service; not updatable (an attempt to set it ignored rather than refused)',
    only: ['rest.14.settings-effects'],
    hooks: () => ({
      request(req) {
        if (pathOf(req) !== '/v1/update-user-default-meeting-setting') return req;
        const { max_recording_minutes: _m, ...fields } = JSON.parse(req.body.toString('utf8') || '{}');
        return { ...req, body: Buffer.from(JSON.stringify(fields)) };
      },
    }),
  },
  {
    id: 'no-co-host-ids',
    area: 'rest',
    allows:
      'assign-co-host and remove-co-host return {success, meeting: Meeting}; the Meeting names no co-host field',
    only: ['rest.10.co-host-effects'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req).startsWith('/v1/'),
        (b) => {
          const strip = (m: unknown) => {
            if (!m || typeof m !== 'object') return m;
            const { co_host_ids: _c, ...rest } = m as Record<string, unknown>;
            return rest;
          };
          return {
            ...b,
            ...(b.meeting ? { meeting: strip(b.meeting) } : {}),
            ...(Array.isArray(b.meetings) ? { meetings: b.meetings.map(strip) } : {}),
          };
        },
      ),
    }),
  },
  {
    id: 'transcript-one-record',
    area: 'rest',
    allows:
      'Cached transcript record: id, meeting_id, message_id, utterances (the spec ties a record to nothing but its meeting: here the whole meeting is one record)',
    only: ['rest.23.cached-transcripts'],
    hooks: () => ({
      answer: editJson(
        (req) => pathOf(req) === '/v1/get-meeting-transcripts',
        (b) => {
          const records = Array.isArray(b.transcripts) ? (b.transcripts as Record<string, unknown>[]) : [];
          const [first] = records;
          if (!first) return b;
          const utterances = records.flatMap((r) => (Array.isArray(r.utterances) ? r.utterances : []));
          return { ...b, transcripts: [{ ...first, id: 'trs_whole', message_id: 'msg_whole', utterances }] };
        },
      ),
    }),
  },
];

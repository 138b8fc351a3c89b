import {
  loadProtoRoot,
  SessionTTSRequest,
  SessionTTSResponse,
  StreamResponse,
  SttRequestMessage,
} from '@parley/schemas/proto';
import { protoLayout } from '../proto-layout.js';
import { editJson, editRequestJson, OTHER_LAYOUT, type Variant } from './variant-edits.js';
import { type ProxyHooks, pathOf } from './variant-proxy.js';

// The variants of the speech endpoints and of the protobuf layouts (the live stream's among them).

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

export const SPEECH_VARIANTS: readonly Variant[] = [
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
    id: 'stt-diarization-overcounted',
    area: 'speech',
    allows:
      'utterances | array | speaker-diarized segments (no accuracy is given: a diarizer may tell more voices than there are)',
    only: ['speech.20.stt-diarization-default', 'speech.21.stt-full-transcript'],
    hooks: () => ({
      answer: editJson(
        (req, a) => pathOf(req) === '/v1/stt' && a.status === 200,
        (b) => ({
          ...b,
          utterances: ((b.utterances ?? []) as { speaker: string }[]).map((u, i) =>
            i % 3 === 2 ? { ...u, speaker: String(Number(u.speaker) + 2) } : u,
          ),
        }),
      ),
    }),
  },
  {
    id: 'translate-other-shape',
    area: 'speech',
    allows: 'Response body of translate-text: not shown',
    only: [
      'speech.06.translate-text',
      'speech.14.translate-language-names',
      'speech.22.translate-formatting',
    ],
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
];

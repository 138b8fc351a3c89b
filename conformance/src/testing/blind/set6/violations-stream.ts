import type { Variant } from '../../variant-edits.js';
import { chunkOf, streamFrames } from '../set5/edits5.js';
import { configFrame, editQuery, endOfAudio } from './edits6.js';

// Live speech-to-text violations of the sixth blind set. Frames are edited alike in JSON and
// protobuf mode where the fact holds in both (decoded and encoded with the reference layout).

export const SET6_STREAM_VIOLATIONS: Variant[] = [
  {
    id: 's6-stream-interim-ids-numbered',
    area: 'stream',
    allows:
      'The id is the same across the interim and final results of one utterance and changes after a final.',
    only: [],
    // Each interim gets its own id (the utterance id and a sequence number); the final keeps the utterance id.
    hooks: () => {
      const count = new Map<string, number>();
      return {
        frame: streamFrames((f) => {
          const c = chunkOf(f);
          if (!c || c.is_final === true) return f;
          const n = (count.get(String(c.id)) ?? 0) + 1;
          count.set(String(c.id), n);
          return { ...f, chunk: { ...c, id: `${c.id}-${n}` } };
        }),
      };
    },
  },
  {
    id: 's6-stream-speaker-despite-diarization-off',
    area: 'stream',
    allows: '`speaker` ("0", "1", ...) is present only when diarization is on and the speaker is resolved.',
    only: [],
    // A session with diarization off still labels every final with speaker "0".
    hooks: () => {
      let off = false;
      return {
        upgrade: (path) => {
          off = /[?&]enable_diarization=false(&|$)/.test(path);
          return path;
        },
        frame: streamFrames((f) => {
          const c = chunkOf(f);
          return off && c?.is_final === true && c.speaker === undefined
            ? { ...f, chunk: { ...c, speaker: '0' } }
            : f;
        }),
      };
    },
  },
  {
    id: 's6-stream-config-diarization-ignored',
    area: 'stream',
    allows: '`enable_diarization` boolean (default true, overrides the query parameter)',
    only: [],
    // Diarization is read from the query only; the config's field is ignored.
    hooks: () => ({
      clientFrame: configFrame(({ enable_diarization: _, ...config }) => config),
    }),
  },
  {
    id: 's6-stream-json-without-finished',
    area: 'stream',
    allows:
      'The terminal frame is `{finished: true}` in JSON mode and a message with `disconnect_reason=SESSION_ENDED` in protobuf mode.',
    only: [],
    // JSON sessions just close after the last final.
    hooks: () => ({
      frame: (data, isBinary) => (!isBinary && data.toString('utf8').includes('"finished"') ? null : data),
    }),
  },
  {
    id: 's6-stream-protobuf-reason-unspecified',
    area: 'stream',
    allows:
      'The terminal frame is `{finished: true}` in JSON mode and a message with `disconnect_reason=SESSION_ENDED` in protobuf mode.',
    only: [],
    // The protobuf terminal frame carries DISCONNECT_REASON_UNSPECIFIED (bytes 18 00).
    hooks: () => ({
      frame: (data, isBinary) =>
        isBinary && data.toString('hex') === '1801' ? Buffer.from([0x18, 0x00]) : data,
    }),
  },
  {
    id: 's6-stream-finalize-15-seconds',
    area: 'stream',
    allows: 'Finalizing takes about 5 seconds.',
    only: [],
    // A batch re-decode of the whole session before the finals go out.
    hooks: () => ({ holdAfterEndMs: 15_000 }),
  },
  {
    id: 's6-stream-end-drops-pending-finals',
    area: 'stream',
    allows:
      'The server finalizes pending utterances, sends their final results, sends a terminal frame, then closes.',
    only: [],
    // The end-of-audio frame discards what was not final yet: no final is sent after it.
    hooks: () => {
      const end = endOfAudio();
      return {
        clientFrame: end.clientFrame,
        frame: streamFrames((f) => (end.ended() && chunkOf(f)?.is_final === true ? null : f)),
      };
    },
  },
  {
    id: 's6-stream-auth-close-4401',
    area: 'stream',
    allows: 'A live-stream connection with failed authentication is closed with WebSocket close code 1008.',
    only: [],
    hooks: () => ({ close: (code, reason) => (code === 1008 ? { code: 4401, reason } : { code, reason }) }),
  },
  {
    id: 's6-stream-opus-refused',
    area: 'stream',
    allows: '`encoding` string (`pcm16` default, or `opus`)',
    only: [],
    // Only PCM is decoded: an opus config is refused like an unknown encoding.
    hooks: () => ({
      clientFrame: configFrame((c) => (c.encoding === 'opus' ? { ...c, encoding: 'opus-unsupported' } : c)),
    }),
  },
  {
    id: 's6-stream-session-id-replaced',
    area: 'stream',
    allows: '`session_id` string (optional, generated when omitted)',
    only: [],
    // The client's session_id is dropped and one is always generated.
    hooks: () => ({ clientFrame: configFrame(({ session_id: _, ...config }) => config) }),
  },
  {
    id: 's6-stream-fourth-hint-refused',
    area: 'stream',
    allows: 'comma-separated or repeated parameter; at most 3, extras dropped; omit for automatic detection',
    only: [],
    // More than three hints fails the connection (the key check runs after a failed parse).
    hooks: () => ({
      upgrade: (path) =>
        editQuery(path, (q) => {
          const hints = q.getAll('language_hints').flatMap((h) => h.split(','));
          if (hints.length > 3) q.set('api_key', 'refused');
        }),
    }),
  },
  {
    id: 's6-stream-json-by-default',
    area: 'stream',
    allows: '`json` gives JSON text frames; omitted gives protobuf binary frames',
    only: [],
    // JSON frames unless the client asks otherwise.
    hooks: () => ({
      upgrade: (path) => editQuery(path, (q) => (q.has('format') ? undefined : q.set('format', 'json'))),
    }),
  },
];

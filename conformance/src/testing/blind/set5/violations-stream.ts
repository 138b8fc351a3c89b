import type { Variant } from '../../variant-edits.js';
import { chunkOf, streamFrames } from './edits5.js';

// Live speech-to-text violations of the fifth blind set, alike in JSON and protobuf mode (frames
// decoded and encoded with the reference layout). Each breaks one fact of the protocol.

/** The query of a stream URL without the parameters `drop` names. */
const withoutParams = (path: string, drop: (name: string, value: string) => boolean) => {
  const [route, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  for (const [name, value] of [...params]) if (drop(name, value)) params.delete(name, value);
  return `${route}?${params}`;
};

export const SET5_STREAM_VIOLATIONS: Variant[] = [
  {
    id: 's5-stream-no-connected-reply',
    area: 'stream',
    allows: 'Server replies `{connected: true}`.',
    only: [],
    hooks: () => ({ frame: streamFrames((f) => (f.connected === true ? null : f)) }),
  },
  {
    id: 's5-stream-interims-only-new-words',
    area: 'stream',
    allows: 'Text is cumulative: each interim holds all text of the utterance so far.',
    only: [],
    // Each interim carries only the words added since the previous one of its utterance.
    hooks: () => {
      const seen = new Map<string, string>();
      return {
        frame: streamFrames((f) => {
          const c = chunkOf(f);
          if (!c || typeof c.text !== 'string' || typeof c.id !== 'string') return f;
          const before = seen.get(c.id) ?? '';
          if (c.is_final === true) return f;
          seen.set(c.id, c.text);
          const added = before && c.text.startsWith(before) ? c.text.slice(before.length).trim() : c.text;
          return { ...f, chunk: { ...c, text: added } };
        }),
      };
    },
  },
  {
    id: 's5-stream-id-per-session',
    area: 'stream',
    allows:
      'The id is the same across the interim and final results of one utterance and changes after a final.',
    only: [],
    // The session id reused as every chunk's id.
    hooks: () => ({
      frame: streamFrames((f) => {
        const c = chunkOf(f);
        return c ? { ...f, chunk: { ...c, id: `utt-${String(c.session_id)}` } } : f;
      }),
    }),
  },
  {
    id: 's5-stream-speaker-always',
    area: 'stream',
    allows: '`speaker` ("0", "1", ...) is present only when diarization is on and the speaker is resolved.',
    only: [],
    hooks: () => ({
      frame: streamFrames((f) => {
        const c = chunkOf(f);
        return c && c.speaker === undefined ? { ...f, chunk: { ...c, speaker: '0' } } : f;
      }),
    }),
  },
  {
    id: 's5-stream-no-terminal-frame',
    area: 'stream',
    allows:
      'The server finalizes pending utterances, sends their final results, sends a terminal frame, then closes.',
    only: [],
    hooks: () => ({ frame: streamFrames((f) => (f.finished === true ? null : f)) }),
  },
  {
    id: 's5-stream-finalize-25s',
    area: 'stream',
    allows: 'Finalizing takes about 5 seconds.',
    only: [],
    hooks: () => ({ holdAfterEndMs: 25_000 }),
  },
  {
    id: 's5-stream-auth-close-4401',
    area: 'stream',
    allows: 'A live-stream connection with failed authentication is closed with WebSocket close code 1008.',
    only: [],
    hooks: () => ({ close: (code, reason) => (code === 1008 ? { code: 4401, reason } : { code, reason }) }),
  },
  {
    id: 's5-stream-default-encoding-opus',
    area: 'stream',
    allows: '`encoding` string (`pcm16` default, or `opus`)',
    only: [],
    hooks: () => ({
      clientFrame(data, isBinary) {
        if (isBinary) return data;
        try {
          const config = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
          return config.encoding === undefined ? JSON.stringify({ ...config, encoding: 'opus' }) : data;
        } catch {
          return data;
        }
      },
    }),
  },
  {
    id: 's5-stream-diarization-query-ignored',
    area: 'stream',
    allows: 'enable_diarization | string | no | `false` disables; enabled by default',
    only: [],
    hooks: () => ({ upgrade: (path) => withoutParams(path, (name) => name === 'enable_diarization') }),
  },
  {
    id: 's5-stream-format-json-ignored',
    area: 'stream',
    allows: 'format | string | no | `json` gives JSON text frames; omitted gives protobuf binary frames',
    only: [],
    hooks: () => ({ upgrade: (path) => withoutParams(path, (name) => name === 'format') }),
  },
  {
    id: 's5-stream-session-id-replaced',
    area: 'stream',
    allows: '`session_id` string (optional, generated when omitted)',
    only: [],
    // A session id always generated, the client's one ignored.
    hooks: () => {
      const made = new Map<string, string>();
      return {
        frame: streamFrames((f) => {
          const c = chunkOf(f);
          if (!c || typeof c.session_id !== 'string') return f;
          const id = made.get(c.session_id) ?? `gen-${made.size + 1}-${c.session_id.length}`;
          made.set(c.session_id, id);
          return { ...f, chunk: { ...c, session_id: id } };
        }),
      };
    },
  },
];

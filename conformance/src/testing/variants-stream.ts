import { StreamResponse } from '@parley/schemas/proto';
import { jsonFrames, type Variant } from './variant-edits.js';
import type { ProxyHooks } from './variant-proxy.js';

// The variants of the live stream's JSON frames and timing.

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

/** How long `late-connected` holds {connected}. */
export const LATE_CONNECTED_MS = 300;

/** Whether a server frame is {connected}, in JSON or in Parley's protobuf layout. */
function isConnected(data: Buffer, isBinary: boolean): boolean {
  if (isBinary) return StreamResponse.decode(data).connected === true;
  return (JSON.parse(data.toString('utf8')) as { connected?: unknown }).connected === true;
}

export const STREAM_VARIANTS: readonly Variant[] = [
  {
    id: 'late-connected',
    area: 'stream',
    allows:
      'Server replies `{connected: true}` (no time is given: a deployment that readies its recognizer first answers later)',
    only: [
      'stream.02.json-session',
      'stream.06.protobuf-session',
      'stream.07.timing',
      'stream.08.finalize-pending',
    ],
    hooks: () => ({ holdFrameMs: (data, isBinary) => (isConnected(data, isBinary) ? LATE_CONNECTED_MS : 0) }),
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
    id: 'interims-revised',
    area: 'stream',
    allows:
      'Text is cumulative: each interim holds all text of the utterance so far (a recogniser revises its hypothesis: an interim may retract its last word or change one)',
    only: ['stream.02.json-session', 'stream.03.utterance-ids', 'stream.04.cumulative-text'],
    // Every third interim of two words or more retracts its last word; the next one changes its first.
    hooks: () => {
      let n = 0;
      return jsonFrames((f) => {
        const chunk = f.chunk as { text?: unknown; is_final?: unknown } | undefined;
        if (!chunk || chunk.is_final === true || typeof chunk.text !== 'string') return f;
        const words = chunk.text.split(' ');
        if (words.length < 2) return f;
        const turn = n++ % 3;
        if (turn === 2) return f;
        const text = turn === 0 ? words.slice(0, -1).join(' ') : ['uh', ...words.slice(1)].join(' ');
        return { ...f, chunk: { ...chunk, text } };
      });
    },
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
];

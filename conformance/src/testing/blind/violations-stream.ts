import { jsonFrames, type Variant } from '../variant-edits.js';
import type { ProxyHooks } from '../variant-proxy.js';
import type { Json } from './edits.js';

// Live speech-to-text deployments that each break one sentence of the stream protocol.

const stream = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area: 'stream',
  allows,
  only: [],
  hooks,
});

/** Result frames (JSON mode) changed by `edit`; other frames as they are. */
const chunks = (edit: (chunk: Json) => Json): ProxyHooks =>
  jsonFrames((f) => (f.chunk && typeof f.chunk === 'object' ? { ...f, chunk: edit(f.chunk as Json) } : f));

/** The protobuf terminal frame of the reference layout: StreamResponse{disconnect_reason: SESSION_ENDED}. */
const PROTO_SESSION_ENDED = Buffer.from([0x18, 0x01]);

export const STREAM_VIOLATIONS: readonly Variant[] = [
  stream('stream-no-connected', 'Live speech-to-text: "Server replies `{connected: true}`."', () => ({
    frame: (data, isBinary) =>
      !isBinary && JSON.parse(data.toString('utf8')).connected === true ? null : data,
  })),
  stream(
    'stream-id-per-frame',
    'Live speech-to-text: "The id is the same across the interim and final results of one utterance and changes after a final."',
    // A fresh id minted for every result frame.
    () => {
      let n = 0;
      return chunks((c) => ({ ...c, id: `${c.id}-${++n}` }));
    },
  ),
  stream(
    'stream-text-delta',
    'Live speech-to-text: "Text is cumulative: each interim holds all text of the utterance so far."',
    // Sends only the words added since the previous result of the utterance.
    () => {
      const sent = new Map<string, string>();
      return chunks((c) => {
        const text = String(c.text);
        const before = sent.get(String(c.id)) ?? '';
        sent.set(String(c.id), text);
        return before && text.startsWith(before) ? { ...c, text: text.slice(before.length).trim() } : c;
      });
    },
  ),
  stream(
    'stream-no-terminal-frame',
    'Live speech-to-text: "The terminal frame is `{finished: true}` in JSON mode"',
    () => ({
      frame: (data, isBinary) =>
        !isBinary && JSON.parse(data.toString('utf8')).finished === true ? null : data,
    }),
  ),
  stream(
    'stream-proto-no-terminal-frame',
    'Live speech-to-text: "The terminal frame is ... a message with `disconnect_reason=SESSION_ENDED` in protobuf mode."',
    () => ({ frame: (data, isBinary) => (isBinary && data.equals(PROTO_SESSION_ENDED) ? null : data) }),
  ),
  stream(
    'stream-trailing-final-lost',
    'Live speech-to-text: "The server finalizes pending utterances, sends their final results, sends a terminal frame, then closes."',
    // Result frames go out one behind; the one still held when the session ends is lost.
    () => {
      let held: Buffer | null = null;
      return {
        frame(data, isBinary) {
          if (isBinary) return data;
          const frame = JSON.parse(data.toString('utf8')) as Json;
          if (frame.finished === true) {
            held = null;
            return data;
          }
          if (!frame.chunk) return data;
          const out = held;
          held = data;
          return out;
        },
      };
    },
  ),
  stream(
    'stream-speaker-number',
    'Live speech-to-text: "`{chunk: {id string, session_id string, text string, is_final boolean, speaker string}}` ... `speaker` ("0", "1", ...)"',
    () => chunks((c) => (c.speaker === undefined ? c : { ...c, speaker: Number(c.speaker) })),
  ),
  stream(
    'stream-no-session-id',
    'Live speech-to-text: "Server sends result frames: `{chunk: {id string, session_id string, text string, is_final boolean, speaker string}}`."',
    () =>
      chunks((c) => {
        const { session_id: _dropped, ...rest } = c;
        return rest;
      }),
  ),
  stream(
    'stream-bad-auth-close-4401',
    'Authentication: "A live-stream connection with failed authentication is closed with WebSocket close code 1008."',
    // An application close code of its own for a refused key.
    () => ({
      close: (code, reason) => (code === 1008 ? { code: 4401, reason: 'Unauthorized' } : { code, reason }),
    }),
  ),
  stream(
    'stream-format-json-ignored',
    'Live speech-to-text query: "format | string | no | `json` gives JSON text frames; omitted gives protobuf binary frames"',
    () => ({ upgrade: (path) => path.replace(/([?&])format=json(&|$)/, '$1').replace(/[?&]$/, '') }),
  ),
  stream(
    'stream-query-diarization-ignored',
    'Live speech-to-text query: "enable_diarization | string | no | `false` disables; enabled by default"',
    () => ({
      upgrade: (path) => path.replace(/([?&])enable_diarization=[^&]*(&|$)/, '$1').replace(/[?&]$/, ''),
    }),
  ),
  stream(
    'stream-config-diarization-ignored',
    'Live speech-to-text config: "`enable_diarization` boolean (default true, overrides the query parameter)"',
    // The config frame's enable_diarization is never read.
    () => {
      let first = true;
      return {
        clientFrame(data, isBinary) {
          if (isBinary || !first) return data;
          first = false;
          try {
            const { enable_diarization: _dropped, ...config } = JSON.parse(data.toString('utf8')) as Json;
            return JSON.stringify(config);
          } catch {
            return data;
          }
        },
      };
    },
  ),
  stream('stream-finalize-stalls', 'Live speech-to-text: "Finalizing takes about 5 seconds."', () => ({
    // Finals and the terminal frame come a minute after the end-of-audio frame.
    holdAfterEndMs: 60_000,
  })),
];

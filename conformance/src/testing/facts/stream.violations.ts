import type { Json } from '../blind/edits.js';
import { jsonFrames } from '../variant-edits.js';
import { protobufTerminalDropped, streamConfig, streamQuery } from './edits-speech.js';
import type { FactViolation } from './fact-violation.js';
import { faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/stream/stream.facts.ts. Each runs live sessions
// in real time (seconds each).

const f = (id: string) => `stream.${id}`;

/** Result chunks of JSON frames rewritten by `edit`. */
const chunkEdit = (edit: (chunk: Json) => Json) =>
  jsonFrames((frame) => (frame.chunk ? { ...frame, chunk: edit(frame.chunk as Json) } : frame));

/** The config's opus read as pcm16: Opus packets decoded as samples. */
const opusReadAsPcm = () => streamConfig((c) => (c.encoding === 'opus' ? { ...c, encoding: 'pcm16' } : c));

/** How long the finalize is held in the slow violation: past the kit's FAIL bound (12.5 s). */
const SLOW_FINALIZE_MS = 15_000;

export const streamViolations: readonly FactViolation[] = [
  proxied(f('route.path'), 'elsewhere', 'the stream served at /v1/stream, not /v1/stt/stream', () =>
    streamQuery((p) => p.replace('/v1/stt/stream', '/v1/stream')),
  ),
  faulted(f('query.api_key.auth'), 'stream-auth-close-code', 'a bad key closed with 1011'),
  proxied(f('query.format.json'), 'ignored', 'format=json ignored: protobuf frames', () =>
    streamQuery((p) => p.replace(/&?format=json/, '')),
  ),
  proxied(f('query.format.default'), 'json-default', 'format omitted gives JSON frames', () =>
    streamQuery((p) => (p.includes('format=') ? p : `${p}&format=json`)),
  ),
  faulted(f('query.reduce_noise.form'), 'stream-reduce-noise-refused', 'reduce_noise=true fails the session'),
  faulted(f('query.language_hints.limit'), 'stream-hints-keep-last', 'the last three query hints kept'),
  faulted(
    f('query.language_hints.limit'),
    'stream-fourth-hint-refused',
    'a fourth query hint fails the session',
  ),
  proxied(
    f('query.language_hints.repeated'),
    'refused',
    'a repeated language_hints refuses the session',
    () =>
      streamQuery((p) =>
        (p.match(/language_hints=/g)?.length ?? 0) > 1 ? p.replace(/api_key=[^&]*/, 'api_key=refused') : p,
      ),
  ),
  proxied(
    f('query.enable_diarization.false'),
    'ignored',
    'enable_diarization=false in the query ignored',
    () => streamQuery((p) => p.replace(/&?enable_diarization=false/, '')),
  ),
  faulted(f('config.encoding.default'), 'stream-encoding-default-opus', 'no encoding read as Opus'),
  proxied(f('config.encoding.opus'), 'read-as-pcm16', 'encoding opus decoded as pcm16', opusReadAsPcm),
  faulted(f('config.session_id.default'), 'stream-session-id-empty', 'no session_id generated'),
  proxied(f('config.language_hints.limit'), 'fourth-refused', 'a fourth config hint fails the session', () =>
    streamConfig((c) =>
      Array.isArray(c.language_hints) && c.language_hints.length > 3 ? { ...c, encoding: 'refused' } : c,
    ),
  ),
  proxied(f('config.enable_diarization.override'), 'ignored', "the config's enable_diarization ignored", () =>
    streamConfig(({ enable_diarization: _, ...c }) => c),
  ),
  faulted(
    f('config.context_keywords.limit'),
    'stream-keywords-refused',
    'config keywords past 2000 characters refused',
  ),
  faulted(f('connected'), 'stream-connected-missing', 'no {connected:true}'),
  proxied(f('audio.pcm16'), 'big-endian', 'pcm16 read as big-endian', () => ({
    clientFrame(data, isBinary) {
      if (!isBinary || data.length === 0) return data;
      return Buffer.from(data).swap16();
    },
  })),
  proxied(f('audio.opus-packets'), 'read-as-pcm16', 'Opus packets decoded as pcm16', opusReadAsPcm),
  proxied(f('chunk.id.type'), 'number', 'chunk ids as numbers', () =>
    chunkEdit((c) => ({ ...c, id: String(c.id).length })),
  ),
  proxied(f('chunk.session_id.content'), 'other', 'chunks carry another session_id', () =>
    chunkEdit((c) => ({ ...c, session_id: 'sess_other' })),
  ),
  proxied(f('chunk.text.type'), 'dropped', 'chunks without text', () => chunkEdit(({ text: _, ...c }) => c)),
  proxied(f('chunk.is_final.type'), 'string', 'is_final as "true"/"false"', () =>
    chunkEdit((c) => ({ ...c, is_final: String(c.is_final) })),
  ),
  proxied(f('chunk.speaker.type'), 'number', 'speaker as a number', () =>
    chunkEdit((c) => ('speaker' in c ? { ...c, speaker: Number(c.speaker) } : c)),
  ),
  faulted(f('chunk.id.same'), 'stream-final-id-changed', "a final's id differs from its interims'"),
  proxied(f('chunk.id.changes'), 'constant', 'one id for every utterance', () =>
    chunkEdit((c) => ({ ...c, id: 'utterance' })),
  ),
  faulted(f('chunk.text.cumulative'), 'stream-non-cumulative', 'interims carry only their last word'),
  proxied(
    f('chunk.text.cumulative'),
    'deltas',
    'each interim carries the words added since the one before (a revision whole)',
    () => {
      const before = new Map<string, string>();
      return chunkEdit((c) => {
        if (c.is_final === true || typeof c.text !== 'string') return c;
        const had = before.get(String(c.id)) ?? '';
        before.set(String(c.id), c.text);
        return had && c.text.startsWith(had) ? { ...c, text: c.text.slice(had.length).trim() } : c;
      });
    },
  ),
  proxied(f('chunk.is_final.meaning'), 'inverted', 'is_final true on interims, false on finals', () =>
    chunkEdit((c) => ({ ...c, is_final: c.is_final !== true })),
  ),
  faulted(f('chunk.speaker.presence'), 'stream-speaker-always', 'a speaker with diarization off'),
  proxied(f('chunk.speaker.enum'), 'prefixed', 'speakers "spk_0", "spk_1", ...', () =>
    chunkEdit((c) => ('speaker' in c ? { ...c, speaker: `spk_${c.speaker}` } : c)),
  ),
  faulted(
    f('end.empty-frame'),
    'stream-finished-at-once-json',
    'the empty frame answered at once with {finished}',
  ),
  faulted(f('end.finals-before-terminal'), 'stream-finished-early', '{finished:true} before the finals'),
  faulted(
    f('end.pending-finalized'),
    'stream-finalize-drops-pending',
    'the pending utterance never finalized',
  ),
  faulted(f('end.closes'), 'stream-end-close-code', 'the session ends with close code 1011'),
  proxied(
    f('end.finalize-time'),
    'fifteen-seconds',
    'finals and terminal frame 15 s after the empty frame',
    () => ({
      holdAfterEndMs: SLOW_FINALIZE_MS,
    }),
  ),
  faulted(f('end.terminal.json'), 'stream-finished-missing', 'no {finished:true}'),
  proxied(
    f('end.terminal.protobuf'),
    'dropped',
    'no SESSION_ENDED frame in protobuf mode',
    protobufTerminalDropped,
  ),
  faulted(f('auth.close-1008'), 'stream-auth-close-code', 'a bad key closed with 1011'),
  faulted(f('errors.close-1008'), 'stream-auth-close-code', 'a bad key closed with 1011'),
  faulted(f('limits.language_hints'), 'stream-hints-keep-last', 'the last three query hints kept'),
  faulted(
    f('limits.context_keywords'),
    'stream-keywords-refused',
    'config keywords past 2000 characters refused',
  ),
  proxied(
    f('limits.finalize-time'),
    'fifteen-seconds',
    'finals and terminal frame 15 s after the empty frame',
    () => ({
      holdAfterEndMs: SLOW_FINALIZE_MS,
    }),
  ),
];

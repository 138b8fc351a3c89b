import type { Fact } from '../../facts/fact.js';
import { factBuilders } from '../../facts/fact-builders.js';

// The facts of the spec's part this folder checks (README.md beside index.ts), one per cell or clause:
// the live speech-to-text query parameters, the Events protocol step by step, its error row and the
// Limits rows about the stream.

const { judged, unjudged } = factBuilders('stream');

const Q = 'S-live-speech-to-text';
const P = 'S-live-speech-to-text-protocol-websocket';

export const streamFacts: readonly Fact[] = [
  // The route and its query parameters.
  judged('route.path', 'protocol', 'MUST', `${Q}-01`, '`WS {ws_url}/v1/stt/stream`.', [
    'stream.02.json-session',
  ]),
  judged('query.api_key.auth', 'auth', 'MUST', `${Q}-04`, 'api_key | string | yes | API key', [
    'stream.01.bad-key-1008',
  ]),
  judged(
    'query.format.json',
    'form',
    'MUST',
    `${Q}-05`,
    'format | string | no | `json` gives JSON text frames',
    ['stream.02.json-session'],
  ),
  judged(
    'query.format.default',
    'default',
    'MUST',
    `${Q}-05`,
    'format [...] omitted gives protobuf binary frames',
    ['stream.06.protobuf-session'],
  ),
  judged(
    'query.reduce_noise.form',
    'form',
    'lenience',
    `${Q}-06`,
    'reduce_noise | string | no | `true` enables real-time noise reduction',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'query.language_hints.limit',
    'limit',
    'MUST',
    `${Q}-07`,
    'language_hints | string | no | [...] at most 3, extras dropped',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'query.language_hints.repeated',
    'form',
    'lenience',
    `${Q}-07`,
    'language_hints [...] comma-separated or repeated parameter',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'query.enable_diarization.false',
    'effect',
    'MUST',
    `${Q}-08`,
    'enable_diarization | string | no | `false` disables',
    ['stream.20.hints-keywords-defaults'],
  ),
  unjudged(
    'query.enable_diarization.default',
    'default',
    'MUST',
    `${Q}-08`,
    'enable_diarization [...] enabled by default',
    '`speaker` may be absent whenever the speaker is not resolved, so diarization left off cannot be told from diarization that resolves no speaker',
  ),
  // Step 1: the config frame.
  judged(
    'config.encoding.default',
    'default',
    'MUST',
    `${P}-01`,
    '`encoding` string (`pcm16` default, or `opus`)',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged('config.encoding.opus', 'form', 'MUST', `${P}-01`, '`encoding` string ([...] or `opus`)', [
    'stream.08.finalize-pending',
  ]),
  judged(
    'config.session_id.default',
    'default',
    'MUST',
    `${P}-01`,
    '`session_id` string (optional, generated when omitted)',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'config.language_hints.limit',
    'limit',
    'MUST',
    `${P}-01`,
    '`language_hints` (optional, up to 3, overrides the query parameter)',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'config.enable_diarization.override',
    'effect',
    'MUST',
    `${P}-01`,
    '`enable_diarization` boolean (default true, overrides the query parameter)',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'config.context_keywords.limit',
    'limit',
    'MUST',
    `${P}-01`,
    '`context_keywords` (optional, up to 2000 characters in total)',
    ['stream.20.hints-keywords-defaults'],
  ),
  // Steps 2 to 4: connected, audio, results.
  judged('connected', 'protocol', 'MUST', `${P}-02`, 'Server replies `{connected: true}`.', [
    'stream.02.json-session',
    'stream.06.protobuf-session',
  ]),
  judged('audio.pcm16', 'form', 'MUST', `${P}-04`, '`pcm16`: 16 kHz, mono, 16-bit little-endian', [
    'stream.05.no-final-lost',
  ]),
  unjudged(
    'audio.frame-size',
    'limit',
    'SHOULD',
    `${P}-04`,
    '640 bytes (20 ms) per frame recommended',
    "a recommendation to clients; the server's part is reading what they send",
  ),
  judged(
    'audio.opus-packets',
    'form',
    'MUST',
    `${P}-05`,
    '`opus`: 16 kHz, mono, raw Opus packets [...] one Opus frame per message',
    ['stream.08.finalize-pending'],
  ),
  judged('chunk.id.type', 'type', 'MUST', `${P}-06`, '`{chunk: {id string, [...]}}`', [
    'stream.02.json-session',
  ]),
  judged(
    'chunk.session_id.content',
    'content',
    'MUST',
    `${P}-06`,
    "`{chunk: {[...] session_id string [...]}}` (the config's session_id)",
    ['stream.02.json-session'],
  ),
  judged('chunk.text.type', 'type', 'MUST', `${P}-06`, '`{chunk: {[...] text string [...]}}`', [
    'stream.02.json-session',
  ]),
  judged('chunk.is_final.type', 'type', 'MUST', `${P}-06`, '`{chunk: {[...] is_final boolean [...]}}`', [
    'stream.02.json-session',
  ]),
  judged('chunk.speaker.type', 'type', 'MUST', `${P}-06`, '`{chunk: {[...] speaker string}}`', [
    'stream.02.json-session',
  ]),
  judged(
    'chunk.id.same',
    'protocol',
    'MUST',
    `${P}-07`,
    'The id is the same across the interim and final results of one utterance',
    ['stream.03.utterance-ids'],
  ),
  judged('chunk.id.changes', 'protocol', 'MUST', `${P}-07`, '[the id] changes after a final', [
    'stream.03.utterance-ids',
  ]),
  judged(
    'chunk.text.cumulative',
    'content',
    'MUST',
    `${P}-08`,
    'Text is cumulative: each interim holds all text of the utterance so far.',
    ['stream.04.cumulative-text'],
  ),
  judged('chunk.is_final.meaning', 'enum', 'MUST', `${P}-09`, '`is_final` false is interim, true is final.', [
    'stream.03.utterance-ids',
    'stream.05.no-final-lost',
  ]),
  judged(
    'chunk.speaker.presence',
    'presence',
    'MUST',
    `${P}-10`,
    '`speaker` ("0", "1", ...) is present only when diarization is on',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged('chunk.speaker.enum', 'enum', 'MUST', `${P}-10`, '`speaker` ("0", "1", ...)', [
    'stream.02.json-session',
  ]),
  // Step 5: end of audio, finalize, terminal frame, close.
  judged(
    'end.empty-frame',
    'protocol',
    'MUST',
    `${P}-11`,
    'End of audio: the client sends an empty binary frame (0 bytes) and keeps the socket open.',
    ['stream.08.finalize-pending'],
  ),
  judged(
    'end.finals-before-terminal',
    'order',
    'MUST',
    `${P}-12`,
    'The server finalizes pending utterances, sends their final results, sends a terminal frame',
    ['stream.02.json-session', 'stream.08.finalize-pending'],
  ),
  judged(
    'end.pending-finalized',
    'protocol',
    'MUST',
    `${P}-12`,
    'The server finalizes pending utterances, sends their final results',
    ['stream.08.finalize-pending'],
  ),
  judged('end.closes', 'protocol', 'MUST', `${P}-12`, '[the server] sends a terminal frame, then closes', [
    'stream.02.json-session',
  ]),
  judged('end.finalize-time', 'timing', 'SHOULD', `${P}-13`, 'Finalizing takes about 5 seconds.', [
    'stream.07.timing',
    'stream.21.finalize-bound',
  ]),
  unjudged(
    'end.close-early',
    'descriptive',
    'descriptive',
    `${P}-14`,
    'Closing the socket before the empty frame loses the trailing final results.',
    'what a client loses by closing early: nothing a server can send on a closed socket',
  ),
  judged(
    'end.terminal.json',
    'protocol',
    'MUST',
    `${P}-15`,
    'The terminal frame is `{finished: true}` in JSON mode',
    ['stream.02.json-session'],
  ),
  judged(
    'end.terminal.protobuf',
    'protocol',
    'MUST',
    `${P}-15`,
    'a message with `disconnect_reason=SESSION_ENDED` in protobuf mode',
    ['stream.06.protobuf-session'],
  ),
  judged(
    'auth.close-1008',
    'auth',
    'MUST',
    `${P}-16`,
    'Authentication failure closes the socket with code 1008.',
    ['stream.01.bad-key-1008'],
  ),
  unjudged(
    'protobuf.layout',
    'descriptive',
    'descriptive',
    `${P}-17`,
    'Wire layout of protobuf frames: not shown.',
    'not shown',
  ),
  judged(
    'errors.close-1008',
    'error',
    'MUST',
    'S-errors-14',
    'WebSocket close 1008 | Auth failure | authentication failed on the stream',
    ['stream.01.bad-key-1008'],
  ),
  // The Limits rows about the stream.
  judged(
    'limits.language_hints',
    'limit',
    'MUST',
    'S-limits-06',
    'language_hints kept | 3 | file and live speech-to-text',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'limits.context_keywords',
    'limit',
    'MUST',
    'S-limits-07',
    'context_keywords | 2000 characters in total | file and live speech-to-text',
    ['stream.20.hints-keywords-defaults'],
  ),
  judged(
    'limits.finalize-time',
    'timing',
    'SHOULD',
    'S-limits-15',
    'finalize time after end-of-audio frame | about 5 seconds | live speech-to-text',
    ['stream.07.timing', 'stream.21.finalize-bound'],
  ),
  unjudged(
    'limits.frame-size',
    'limit',
    'SHOULD',
    'S-limits-16',
    'recommended live frame size | 640 bytes (20 ms) of pcm16 | live speech-to-text',
    'a recommendation to clients',
  ),
  unjudged(
    'route.events',
    'descriptive',
    'descriptive',
    `${Q}-02`,
    'See Events for the message protocol.',
    'a pointer to the protocol, whose steps are facts of their own (stream.protocol.*)',
  ),
  unjudged(
    'query.table',
    'descriptive',
    'descriptive',
    `${Q}-03`,
    'Query parameters:',
    'introduces the query table: each row is a fact of its own (stream.query.*)',
  ),
  judged(
    'auth.close-1008-auth-section',
    'auth',
    'MUST',
    'S-authentication-12',
    'A live-stream connection with failed authentication is closed with WebSocket close code 1008.',
    ['stream.01.bad-key-1008'],
  ),
  judged('protocol.audio-binary', 'protocol', 'MUST', `${P}-03`, 'Client sends audio as binary frames.', [
    'stream.02.json-session',
  ]),
];

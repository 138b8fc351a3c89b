import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { WebSocketServer } from 'ws';
import type { Turn } from '../src/turn-latency.js';

// Test support, the measurement oracle: a real `ws` server speaking the live STT protocol the spec
// describes (config, {connected}, results, the empty frame, {finished}, close) in JSON or protobuf
// mode, whose latencies are set by the test. It knows the fixture's turns and follows the pcm16
// bytes it receives: a set delay after the frame holding a turn's onset it sends the turn's first
// interim, a set delay after the frame holding its end the final. A metric that reads anything
// but the set value is measuring something else.

const streamProto = fileURLToPath(new URL('../../schemas/proto/parley/v1/stream.proto', import.meta.url));
const PCM16_BYTES_PER_MS = 32;

export interface FakeServerOptions {
  /** The turns of the audio the client streams (pcm16); default: en/rms-01.wav's one turn. */
  turns?: readonly Turn[];
  /** Config frame → {connected}. */
  connectDelayMs?: number;
  /** Frame holding a turn's onset received → the turn's first interim. */
  firstResultDelayMs?: number;
  /** Frame holding a turn's end received → the turn's final. */
  finalDelayMs?: number;
  /** Empty frame received → {finished} and the close. */
  finalizeDelayMs?: number;
  /** Turns (by index) whose final is never sent: a lost final. */
  dropFinals?: readonly number[];
  /** No result at all, interim or final: the session ends {finished} with nothing recognized. */
  noResults?: boolean;
  /** The API key it takes (default `fake-key`). */
  apiKey?: string;
  /** Finals carry these words instead of the turn's text (a fast but wrong server). */
  wrongText?: string;
  /** No {finished}: the client's finalize deadline must end the session. */
  neverFinish?: boolean;
  /** Instead of {finished}: an error frame with this code, then a close with `closeCode`. */
  errorCode?: string;
  closeCode?: number;
}

/** The latencies the server actually produced (timers fire late on a busy machine), in order. */
export interface Served {
  connected: number[];
  firstResult: number[];
  final: number[];
  finalize: number[];
  /** From the empty frame's arrival to each final sent after it (the server's clock). */
  endToFinal: number[];
}

export interface FakeServer {
  url: string;
  /** Audio bytes received per session, in arrival order. */
  audioBytes: number[];
  served: Served;
  close(): Promise<void>;
}

export const RMS_01_TURNS: readonly Turn[] = [
  { text: 'Good morning everyone, let us start the meeting.', start_s: 0.15, end_s: 3.25 },
];

export async function startFakeStreamServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const root = await new protobuf.Root().load(streamProto, { keepCase: true });
  const StreamResponse = root.lookupType('parley.v1.StreamResponse');
  // protobufjs builds its encoders on first use: do it now, not inside a latency the test sets.
  for (const frame of [
    { connected: true },
    { chunk: { id: 'x', text: 'x', is_final: true } },
    { disconnect_reason: 1 },
  ])
    StreamResponse.encode(StreamResponse.fromObject(frame)).finish();
  const http: Server = createServer();
  const wss = new WebSocketServer({ server: http, path: '/v1/stt/stream' });
  const audioBytes: number[] = [];
  const turns = options.turns ?? RMS_01_TURNS;
  const timers = new Set<NodeJS.Timeout>();
  const served: Served = { connected: [], firstResult: [], final: [], finalize: [], endToFinal: [] };
  /** Runs `fn` `ms` after now, recording under `kind` how long after now it really ran. */
  const later = (ms: number, kind: keyof Served, fn: () => void) => {
    const from = performance.now();
    const t = setTimeout(() => {
      timers.delete(t);
      served[kind].push(performance.now() - from);
      fn();
    }, ms);
    timers.add(t);
  };

  wss.on('connection', (socket, request) => {
    const query = new URL(request.url ?? '', 'http://x').searchParams;
    if (query.get('api_key') !== (options.apiKey ?? 'fake-key')) {
      socket.close(1008, 'Invalid API key');
      return;
    }
    const json = query.get('format') === 'json';
    const send = (frame: Record<string, unknown>) => {
      if (socket.readyState !== socket.OPEN) return;
      if (json) socket.send(JSON.stringify('disconnect_reason' in frame ? { finished: true } : frame));
      else socket.send(StreamResponse.encode(StreamResponse.fromObject(frame)).finish());
    };
    const session = audioBytes.push(0) - 1;
    let configured = false;
    // The spec's order: pending finals, then {finished}. When the last final is due.
    let finalsDueAt = 0;
    let emptyFrameAt: number | undefined;
    const chunk = (k: number, text: string, isFinal: boolean) => ({
      chunk: { id: `utt_${k}`, session_id: 'sess_fake', text, is_final: isFinal },
    });
    socket.on('message', (data: Buffer, isBinary) => {
      if (!configured) {
        configured = true;
        later(options.connectDelayMs ?? 0, 'connected', () => send({ connected: true }));
        return;
      }
      if (!isBinary) return;
      if (data.length > 0) {
        const before = audioBytes[session] ?? 0;
        const after = before + data.length;
        audioBytes[session] = after;
        const holds = (ms: number) => before <= ms * PCM16_BYTES_PER_MS && ms * PCM16_BYTES_PER_MS < after;
        turns.forEach((turn, k) => {
          if (options.noResults) return;
          const words = turn.text.split(' ');
          if (holds(turn.start_s * 1000))
            later(options.firstResultDelayMs ?? 0, 'firstResult', () =>
              send(chunk(k, words[0] ?? '', false)),
            );
          if (holds(turn.end_s * 1000) && !options.dropFinals?.includes(k)) {
            finalsDueAt = Math.max(finalsDueAt, performance.now() + (options.finalDelayMs ?? 0));
            later(options.finalDelayMs ?? 0, 'final', () => {
              if (emptyFrameAt !== undefined) served.endToFinal.push(performance.now() - emptyFrameAt);
              send(chunk(k, options.wrongText ?? turn.text, true));
            });
          }
        });
        return;
      }
      emptyFrameAt = performance.now();
      const finalize = Math.max(options.finalizeDelayMs ?? 50, finalsDueAt - performance.now() + 1);
      later(finalize, 'finalize', () => {
        if (options.errorCode) {
          send({
            error: { code: options.errorCode, message: 'fake', close_code: options.closeCode ?? 1011 },
          });
          socket.close(options.closeCode ?? 1011);
          return;
        }
        if (options.neverFinish) return;
        send({ disconnect_reason: 1 });
        socket.close(options.closeCode ?? 1000);
      });
    });
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    audioBytes,
    served,
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamServerFrame } from '@parley/schemas/types';
import { WebSocket } from 'ws';
import { pcmToBytes } from '../engines/audio/pcm.js';
import type { StreamFormat } from '../engines/stt/live-stt.contract.js';
import { PCM16_BYTES_PER_MS } from '../engines/stt/live-stt.limits.js';
import { codecFor, type FrameCodec } from './frame-codec.js';

// A small live-STT client that speaks the protocol as a user's program would: connect with query
// parameters, send the config, pace audio in 20 ms frames by the wall clock, send the empty frame,
// collect every server frame decoded with the format's codec. Used by the tests and the benchmark.

export interface ReceivedFrame {
  frame: StreamServerFrame;
  /** performance.now() when it arrived. */
  at: number;
}

export interface CloseInfo {
  code: number;
  reason: string;
}

export interface PaceOptions {
  /** Bytes per audio frame; default 640 (20 ms of pcm16). */
  frameBytes?: number;
  /** 1 = real time, 4 = four times faster, Infinity = as fast as the socket takes it. Default 1. */
  speed?: number;
  /** Called with performance.now() when the first frame is sent. */
  onFirstFrame?: (at: number) => void;
}

export class LiveSttClient {
  /** Every client whose socket is not closed yet, so a test can end what a failed test left open. */
  private static readonly open = new Set<LiveSttClient>();
  readonly frames: ReceivedFrame[] = [];
  readonly closed: Promise<CloseInfo>;
  /** Payloads that did not decode in this format (a protocol error on the server's side). */
  readonly undecodable: { payload: Uint8Array; isBinary: boolean }[] = [];
  private readonly codec: FrameCodec;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly socket: WebSocket,
    format: StreamFormat,
  ) {
    this.codec = codecFor(format);
    socket.on('message', (data, isBinary) => {
      const payload = toBytes(data);
      try {
        this.frames.push({ frame: this.codec.decode(payload, isBinary), at: performance.now() });
      } catch {
        this.undecodable.push({ payload, isBinary });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    LiveSttClient.open.add(this);
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        LiveSttClient.open.delete(this);
        for (const wake of this.waiters.splice(0)) wake();
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
    socket.on('error', () => undefined);
  }

  /**
   * Ends every client still open (a test that failed or timed out mid-stream leaves its session
   * holding one of the server's places; the next test would be refused with 4503).
   */
  static async terminateOpen(): Promise<void> {
    const open = [...LiveSttClient.open];
    for (const client of open) client.socket.terminate();
    await Promise.all(open.map((client) => client.closed));
  }

  /** Opens `baseUrl` + the live path with `query`; the format follows the query's `format`. */
  static connect(url: string, query: Record<string, string | string[]> = {}): Promise<LiveSttClient> {
    const target = new URL(url);
    for (const [name, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : [value]) target.searchParams.append(name, v);
    }
    const format: StreamFormat = target.searchParams.get('format') === 'json' ? 'json' : 'protobuf';
    const socket = new WebSocket(target);
    const client = new LiveSttClient(socket, format);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  sendConfig(config: object | string = {}): void {
    this.socket.send(typeof config === 'string' ? config : JSON.stringify(config));
  }

  sendAudio(bytes: Uint8Array): void {
    this.socket.send(bytes, { binary: true });
  }

  /** The end-of-audio frame: 0 bytes. */
  end(): void {
    this.sendAudio(new Uint8Array(0));
  }

  /** Sends `audio` (pcm16 bytes or samples) in frames paced by the wall clock: every frame that is due goes out. */
  async stream(audio: Uint8Array | Int16Array, options: PaceOptions = {}): Promise<void> {
    const bytes = audio instanceof Int16Array ? pcmToBytes(audio) : audio;
    const size = options.frameBytes ?? 640;
    const frameMs = size / PCM16_BYTES_PER_MS / (options.speed ?? 1);
    const start = performance.now();
    options.onFirstFrame?.(start);
    for (let i = 0, at = 0; at < bytes.length; i++, at += size) {
      if (this.socket.readyState !== WebSocket.OPEN) return;
      const wait = start + i * frameMs - performance.now();
      if (wait > 1) await sleep(wait);
      this.sendAudio(bytes.subarray(at, at + size));
    }
  }

  /** Sends each packet or page as its own message, paced like `stream` at `frameMs` each. */
  async sendMessages(messages: readonly Uint8Array[], frameMs = 20, speed = 1): Promise<void> {
    const start = performance.now();
    for (const [i, message] of messages.entries()) {
      if (this.socket.readyState !== WebSocket.OPEN) return;
      const wait = start + (i * frameMs) / speed - performance.now();
      if (wait > 1) await sleep(wait);
      this.sendAudio(message);
    }
  }

  /** The first frame (from index `from`) that `match` accepts; throws when the socket closes first or after `timeoutMs`. */
  async waitFor(
    match: (frame: StreamServerFrame) => boolean,
    // Long enough for a recognizer on a loaded 2-core machine; a hang still ends the wait.
    timeoutMs = 60_000,
    from = 0,
  ): Promise<ReceivedFrame> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find((f) => match(f.frame));
      if (found) return found;
      if (this.socket.readyState === WebSocket.CLOSED)
        throw new Error('socket closed before the frame arrived');
      const left = deadline - performance.now();
      if (left <= 0) throw new Error('timed out waiting for a frame');
      await Promise.race([new Promise<void>((wake) => this.waiters.push(wake)), sleep(left)]);
    }
  }

  close(): void {
    this.socket.close();
  }
}

function toBytes(data: WebSocket.RawData): Uint8Array {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return new Uint8Array(data);
}

export type Chunk = Extract<StreamServerFrame, { chunk: unknown }>['chunk'];

/** The result chunks among received frames, in order. */
export function chunksOf(frames: readonly ReceivedFrame[]): Chunk[] {
  return frames.flatMap(({ frame }) => ('chunk' in frame ? [frame.chunk] : []));
}

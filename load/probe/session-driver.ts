import WebSocket from 'ws';
import type { FrameSet } from '../src/audio-frames.js';
import type { StreamLayout } from '../src/proto-layout.js';
import { parseServerFrame } from '../src/server-frames.js';
import { type Action, DEADLINES, type SessionReport, StreamSession } from '../src/stream-session.js';
import type { Turn } from '../src/turn-latency.js';

// Runs one StreamSession over the `ws` package: the node twin of k6/lib/stream-driver.ts, so the
// same state machine can be measured on a machine without k6 and tested under vitest.

export interface DriveOptions {
  /** ws(s)://host/v1/stt/stream?api_key=…&format=… (see streamUrl). */
  url: string;
  frames: FrameSet;
  config?: Record<string, unknown>;
  turns?: readonly Turn[];
  finalizeTimeoutMs?: number;
  connectTimeoutMs?: number;
  closeGraceMs?: number;
  /** Protobuf mode: where the stream message's fields are (proto-layout.ts). */
  layout?: StreamLayout;
}

export function driveSession(options: DriveOptions): Promise<SessionReport> {
  const now = () => performance.now();
  const session = new StreamSession(
    {
      frames: options.frames,
      config: options.config ?? {},
      ...(options.turns ? { turns: options.turns } : {}),
      ...(options.finalizeTimeoutMs ? { finalizeTimeoutMs: options.finalizeTimeoutMs } : {}),
      ...(options.connectTimeoutMs ? { connectTimeoutMs: options.connectTimeoutMs } : {}),
      ...(options.closeGraceMs ? { closeGraceMs: options.closeGraceMs } : {}),
    },
    now(),
  );
  const socket = new WebSocket(options.url);
  socket.binaryType = 'arraybuffer';
  let timer: NodeJS.Timeout | undefined;

  const perform = (actions: Action[]) => {
    for (const action of actions) {
      if (action.type === 'close' && socket.readyState !== WebSocket.OPEN) socket.terminate();
      if (socket.readyState !== WebSocket.OPEN) return;
      if (action.type === 'send-text') socket.send(action.text);
      else if (action.type === 'send-frames') {
        for (const i of action.indices) {
          const [start, end] = options.frames.ranges[i] ?? [0, 0];
          socket.send(options.frames.buffer.slice(start, end));
        }
      } else if (action.type === 'send-end') socket.send(new ArrayBuffer(0));
      else if (action.type === 'close') socket.close(1000, action.reason.slice(0, 100));
      else {
        clearTimeout(timer);
        timer = setTimeout(() => perform(session.timer(now())), Math.max(0, action.atMs - now()));
      }
    }
  };

  return new Promise((resolve) => {
    socket.on('open', () => perform(session.open(now())));
    socket.on('message', (data: ArrayBuffer | Buffer, isBinary: boolean) => {
      const frame = isBinary
        ? parseServerFrame(new Uint8Array(data as ArrayBuffer), options.layout)
        : parseServerFrame(data.toString());
      perform(session.message(now(), frame));
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      clearTimeout(timer);
      session.closed(now(), code);
      resolve(session.result());
    });
    // The socket never opened: the state machine's connect deadline still ends it.
    timer = setTimeout(
      () => perform(session.timer(now())),
      options.connectTimeoutMs ?? DEADLINES.connectTimeoutMs,
    );
  });
}

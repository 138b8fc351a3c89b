import { clearTimeout, setTimeout, type TimeoutID } from 'k6/timers';
import type { FrameSet } from '../../src/audio-frames.js';
import { ABNORMAL_CLOSE } from '../../src/close-code.js';
import type { StreamLayout } from '../../src/proto-layout.js';
import { parseServerFrame } from '../../src/server-frames.js';
import {
  type Action,
  DEADLINES,
  type SessionOptions,
  type SessionReport,
  StreamSession,
} from '../../src/stream-session.js';
import { WebSocket } from './websocket.js';

// Runs one StreamSession over k6's WebSocket. Pacing is timers against the wall clock, never
// sleep() (it would block the VU's event loop and every socket callback with it). Each frame is a
// fresh slice: k6 hands the buffer to its writer without copying. The socket's `name` tag is the
// route's name: k6 copies `name` into the `url` tag, so the key in the query never reaches a sample.

/** `layout`: protobuf mode's stream message (k6/lib/proto.ts); JSON mode needs none. */
export function runSession(
  url: string,
  options: SessionOptions,
  layout?: StreamLayout,
): Promise<SessionReport> {
  const frames: FrameSet = options.frames;
  const session = new StreamSession(options, Date.now());
  const socket = new WebSocket(url, null, { tags: { name: 'stt-stream' } });
  socket.binaryType = 'arraybuffer';
  let timer: TimeoutID | undefined;

  const perform = (actions: Action[]) => {
    for (const action of actions) {
      if (action.type === 'close') {
        // Still connecting: k6's own handshake timeout ends the attempt (close() would only queue a frame).
        if (socket.readyState === 1) socket.close();
        return;
      }
      if (socket.readyState !== 1) return;
      if (action.type === 'send-text') socket.send(action.text);
      else if (action.type === 'send-frames') {
        for (const i of action.indices) {
          const [start, end] = frames.ranges[i] ?? [0, 0];
          socket.send(frames.buffer.slice(start, end));
        }
      } else if (action.type === 'send-end') socket.send(new ArrayBuffer(0));
      else {
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(() => perform(session.timer(Date.now())), Math.max(0, action.atMs - Date.now()));
      }
    }
  };

  return new Promise((resolve) => {
    // Until the socket opens, the connect deadline is the only timer.
    timer = setTimeout(
      () => perform(session.timer(Date.now())),
      options.connectTimeoutMs ?? DEADLINES.connectTimeoutMs,
    );
    socket.onopen = () => perform(session.open(Date.now()));
    socket.onmessage = (event) => {
      const data = event?.data;
      if (typeof data === 'string' || data instanceof ArrayBuffer)
        perform(session.message(Date.now(), parseServerFrame(data, layout)));
    };
    socket.onerror = () => {};
    // k6 ≥ 1.5 puts the close frame's code on the event; none means no close frame came.
    socket.addEventListener('close', (event) => {
      if (timer !== undefined) clearTimeout(timer);
      const code = (event as unknown as { code?: number } | undefined)?.code;
      session.closed(Date.now(), typeof code === 'number' && code > 0 ? code : ABNORMAL_CLOSE);
      resolve(session.result());
    });
  });
}

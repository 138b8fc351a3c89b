import type { StreamServerFrame } from '@parley/schemas/types';
import type { RawData, WebSocket } from 'ws';
import { StreamClose } from '../core/contracts.js';
import { activeFaults } from './faults.catalog.js';
import type { FaultableStreamIo } from './faults.ws.js';

// Finalize faults: what happens to the utterance still open when the client's empty frame comes.
// Each one is invisible to a client whose finals all came before its empty frame (the session
// ends as it should), and breaks the spec's order once something is pending: that utterance's
// final, then the terminal frame, then the close.

const FINALIZE_FAULTS = [
  'stream-finalize-drops-pending',
  'stream-finished-at-once-json',
  'stream-finished-at-once-protobuf',
  'stream-close-without-terminal',
] as const;

const isEmpty = (data: RawData) =>
  Array.isArray(data) ? data.every((part) => part.length === 0) : data.byteLength === 0;

/** Wraps one session's io with the finalize faults that are on (the io itself when none is). */
export function faultyFinalizeIo<T extends FaultableStreamIo>(
  socket: WebSocket,
  format: 'json' | 'protobuf',
  io: T,
): T {
  const on = (id: (typeof FINALIZE_FAULTS)[number]) => activeFaults.has(id);
  if (!FINALIZE_FAULTS.some(on)) return io;
  let ended = false;
  let closed = false;
  const close = (code: number, reason: string) => {
    if (closed) return;
    closed = true;
    io.close(code, reason);
  };
  // Registered before the session's own listener: the fault sees the empty frame first.
  socket.on('message', (data, isBinary) => {
    if (!isBinary || ended || !isEmpty(data)) return;
    ended = true;
    // stream-finished-at-once-<format>: the terminal frame and the close answer the empty frame
    // at once; the finals the session then finalizes go nowhere.
    if (on(`stream-finished-at-once-${format}`)) {
      io.send({ finished: true } as StreamServerFrame, 'control');
      close(StreamClose.normal, 'Session ended');
    }
  });
  return {
    ...io,
    send(frame: StreamServerFrame, kind: Parameters<FaultableStreamIo['send']>[1]) {
      if (closed) return;
      // stream-finalize-drops-pending: finals finalized after the empty frame are never sent.
      if (ended && kind === 'final' && on('stream-finalize-drops-pending')) return;
      io.send(frame, kind);
      // stream-close-without-terminal: the socket closes right after the pending final.
      if (ended && kind === 'final' && on('stream-close-without-terminal'))
        close(StreamClose.normal, 'Session ended');
    },
    close,
  };
}

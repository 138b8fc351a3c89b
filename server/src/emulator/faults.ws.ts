import type { StreamServerFrame } from '@parley/schemas/types';
import { activeFaults } from './faults.catalog.js';

// The live-stream edge of fault injection: wraps one session's send/close so a fault can drop,
// reorder or alter frames and close codes. With no fault on, the session's own functions are used.

type Kind = 'control' | 'interim' | 'final';

export interface FaultableStreamIo {
  send(frame: StreamServerFrame, kind: Kind): void;
  close(code: number, reason: string): void;
}

/** The close code for an authentication failure, as the active faults would have it. */
export function faultyAuthCloseCode(code: number): number {
  return activeFaults.has('stream-auth-close-code') ? 1011 : code;
}

export function faultyStreamIo<T extends FaultableStreamIo>(io: T): T {
  if (!activeFaults.any()) return io;
  const on = activeFaults.has;
  let heldFinal: StreamServerFrame | undefined;
  let finishedSent = false;
  const send = (frame: StreamServerFrame, kind: Kind) => io.send(frame, kind);
  return {
    ...io,
    send(frame: StreamServerFrame, kind: Kind) {
      const record = frame as unknown as Record<string, unknown>;
      if ('connected' in record && on('stream-connected-missing')) return;
      if ('finished' in record) {
        if (on('stream-finished-missing') || finishedSent) return;
        // stream-dropped-final: the final held back is the session's last one; it is never sent.
        heldFinal = undefined;
        send(frame, kind);
        return;
      }
      const chunk = record.chunk as Record<string, unknown> | undefined;
      if (!chunk) return send(frame, kind);
      const copy = { ...chunk };
      if (kind === 'interim' && on('stream-non-cumulative')) {
        copy.text = String(copy.text).trim().split(/\s+/).pop() ?? '';
      }
      if (kind === 'final' && on('stream-final-id-changed')) copy.id = `${String(copy.id)}-f`;
      if (kind === 'final' && on('stream-finished-early') && !finishedSent) {
        finishedSent = true;
        send({ finished: true } as StreamServerFrame, 'control');
      }
      if (kind === 'final' && on('stream-dropped-final')) {
        if (heldFinal) send(heldFinal, 'final');
        heldFinal = { chunk: copy } as StreamServerFrame;
        return;
      }
      send({ chunk: copy } as StreamServerFrame, kind);
    },
    close(code: number, reason: string) {
      io.close(code === 1000 && on('stream-end-close-code') ? 1011 : code, reason);
    },
  };
}

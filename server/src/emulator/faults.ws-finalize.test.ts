import { EventEmitter } from 'node:events';
import type { StreamServerFrame } from '@parley/schemas/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { activeFaults } from './faults.catalog.js';
import type { FaultableStreamIo } from './faults.ws.js';
import { faultyFinalizeIo } from './faults.ws-finalize.js';

// The finalize faults on a scripted session: an interim and a final before the client's empty
// frame, then the pending final, the terminal frame and the close. Before the empty frame every
// fault leaves the session alone; after it each breaks the spec's order its own way.

type Kind = Parameters<FaultableStreamIo['send']>[1];

function session(format: 'json' | 'protobuf') {
  const socket = new EventEmitter();
  const seen: string[] = [];
  const inner: FaultableStreamIo = {
    send: (frame: StreamServerFrame, kind: Kind) => {
      seen.push(kind === 'control' ? JSON.stringify(frame) : kind);
    },
    close: (code: number) => {
      seen.push(`close ${code}`);
    },
  };
  const io = faultyFinalizeIo(socket as unknown as WebSocket, format, inner);
  const final = { chunk: { id: 'u', session_id: 's', text: 'hi', is_final: true } } as StreamServerFrame;
  io.send(final, 'final');
  socket.emit('message', Buffer.from([1, 2]), true);
  socket.emit('message', Buffer.alloc(0), true);
  io.send(final, 'final');
  io.send({ finished: true } as StreamServerFrame, 'control');
  io.close(1000, 'Session ended');
  return seen;
}

afterEach(() => {
  activeFaults.set([]);
});

describe('finalize faults', () => {
  it('none on: the io itself, the spec order', () => {
    expect(session('json')).toEqual(['final', 'final', '{"finished":true}', 'close 1000']);
  });
  it('stream-finalize-drops-pending: the final after the empty frame is not sent', () => {
    activeFaults.set(['stream-finalize-drops-pending']);
    expect(session('json')).toEqual(['final', '{"finished":true}', 'close 1000']);
  });
  it('stream-finished-at-once-json: the terminal frame and the close answer the empty frame, JSON only', () => {
    activeFaults.set(['stream-finished-at-once-json']);
    expect(session('json')).toEqual(['final', '{"finished":true}', 'close 1000']);
    expect(session('protobuf')).toEqual(['final', 'final', '{"finished":true}', 'close 1000']);
  });
  it('stream-finished-at-once-protobuf: protobuf only', () => {
    activeFaults.set(['stream-finished-at-once-protobuf']);
    expect(session('protobuf')).toEqual(['final', '{"finished":true}', 'close 1000']);
    expect(session('json')).toEqual(['final', 'final', '{"finished":true}', 'close 1000']);
  });
  it('stream-close-without-terminal: the close follows the pending final', () => {
    activeFaults.set(['stream-close-without-terminal']);
    expect(session('json')).toEqual(['final', 'final', 'close 1000']);
  });
});

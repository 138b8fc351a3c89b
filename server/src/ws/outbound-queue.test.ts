import type { StreamServerFrame } from '@parley/schemas/types';
import { describe, expect, it } from 'vitest';
import { jsonCodec } from './json-codec.js';
import { type FrameSocket, OutboundQueue } from './outbound-queue.js';

/** A socket whose unsent bytes grow with every send until `drain()` flushes them. */
function slowSocket() {
  const sent: StreamServerFrame[] = [];
  const callbacks: (() => void)[] = [];
  let buffered = 0;
  const socket: FrameSocket & { drain(): void; sent: StreamServerFrame[] } = {
    sent,
    get bufferedAmount() {
      return buffered;
    },
    send(data, callback) {
      sent.push(JSON.parse(String(data)));
      buffered += String(data).length;
      callbacks.push(() => callback());
    },
    drain() {
      buffered = 0;
      for (const done of callbacks.splice(0)) done();
    },
  };
  return socket;
}

/** A queue that holds back at 10 bytes but never drops the connection. */
const roomyQueue = (socket: FrameSocket) =>
  new OutboundQueue(socket, jsonCodec, { sendHighWaterBytes: 10, maxBufferedBytes: 10_000 }, () => {});

const chunk = (id: string, text: string, isFinal = false): StreamServerFrame => ({
  chunk: { id, session_id: 's', text, is_final: isFinal },
});

describe('outbound frame queue', () => {
  it('holds only the newest interim while the client is slow, and sends it when the socket drains', () => {
    const socket = slowSocket();
    const queue = roomyQueue(socket);
    queue.send(chunk('u1', 'good'), 'interim');
    queue.send(chunk('u1', 'good morning'), 'interim');
    queue.send(chunk('u1', 'good morning every'), 'interim');
    expect(socket.sent).toEqual([chunk('u1', 'good')]);
    socket.drain();
    expect(socket.sent.at(-1)).toEqual(chunk('u1', 'good morning every'));
    expect(queue.skippedInterims).toBe(1);
  });

  it('always sends finals, which replace a held interim of the same utterance', () => {
    const socket = slowSocket();
    const queue = roomyQueue(socket);
    queue.send(chunk('u1', 'good'), 'interim');
    queue.send(chunk('u1', 'good morning'), 'interim');
    queue.send(chunk('u1', 'good morning everyone', true), 'final');
    queue.send({ finished: true }, 'control');
    socket.drain();
    expect(socket.sent).toEqual([
      chunk('u1', 'good'),
      chunk('u1', 'good morning everyone', true),
      { finished: true },
    ]);
  });

  it('gives up on a client that lets too much output pile up', () => {
    const socket = slowSocket();
    let dropped = 0;
    const queue = new OutboundQueue(
      socket,
      jsonCodec,
      { sendHighWaterBytes: 10, maxBufferedBytes: 200 },
      () => dropped++,
    );
    for (let i = 0; i < 10; i++)
      queue.send(chunk(`u${i}`, 'a final that the client never reads', true), 'final');
    expect(dropped).toBe(1);
  });
});

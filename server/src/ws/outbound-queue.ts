import type { StreamServerFrame } from '@parley/schemas/types';
import type { FrameCodec } from './frame-codec.js';

// Server → client frames with backpressure. While the client reads slower than results come, the
// socket's unsent bytes (bufferedAmount) grow; above the high-water mark interims are held back
// and only the newest is kept (it holds all text of its utterance), to go out once the socket
// drains or to be replaced by the final. Finals and control frames are always sent. A client that
// lets maxBufferedBytes pile up is not reading at all: `onOverflow` drops it.

export type FrameKind = 'control' | 'interim' | 'final';

export interface FrameSocket {
  readonly bufferedAmount: number;
  send(data: string | Uint8Array, callback: (error?: Error) => void): void;
}

export interface OutboundLimits {
  sendHighWaterBytes: number;
  maxBufferedBytes: number;
}

export class OutboundQueue {
  private held: StreamServerFrame | undefined;
  private skipped = 0;
  private overflowed = false;

  constructor(
    private readonly socket: FrameSocket,
    private readonly codec: FrameCodec,
    private readonly limits: OutboundLimits,
    private readonly onOverflow: () => void,
  ) {}

  /** Interims replaced by a newer one before they could be sent. */
  get skippedInterims(): number {
    return this.skipped;
  }

  send(frame: StreamServerFrame, kind: FrameKind): void {
    if (kind === 'interim' && (this.held || this.socket.bufferedAmount > this.limits.sendHighWaterBytes)) {
      if (this.held) this.skipped++;
      this.held = frame;
      return;
    }
    // A final or a terminal frame makes a held interim pointless: the final carries the whole text.
    if (kind !== 'interim' && this.held) {
      this.held = undefined;
      this.skipped++;
    }
    this.write(frame);
  }

  private write(frame: StreamServerFrame): void {
    this.socket.send(this.codec.encode(frame), (error) => {
      if (!error) this.sent();
    });
    if (!this.overflowed && this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.overflowed = true;
      this.onOverflow();
    }
  }

  private sent(): void {
    if (!this.held || this.socket.bufferedAmount > this.limits.sendHighWaterBytes) return;
    const frame = this.held;
    this.held = undefined;
    this.write(frame);
  }
}

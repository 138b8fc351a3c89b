// Wall-clock pacing of audio frames: frame i is due at start + offsetsMs[i]. Every frame that is due
// is sent at once (catching up when the generator was late), so a late timer never stretches the
// stream; a plain fixed interval drifts by the timer's lateness on every tick.

export interface PacedBatch {
  /** Indices of the frames to send now, in order. */
  indices: number[];
  /** How late the first of them is: the generator's own pacing lag, in ms (0 when on time). */
  lagMs: number;
  /** How late each of them is, in the same order: one stall shows in every frame it delayed. */
  lagsMs: number[];
}

export class FramePacer {
  private next = 0;
  private startMs: number | undefined;

  /** `offsetsMs[i]`: when frame i starts, in ms of audio from the first frame (ascending). */
  constructor(private readonly offsetsMs: readonly number[]) {}

  start(nowMs: number): void {
    this.startMs = nowMs;
  }

  get started(): boolean {
    return this.startMs !== undefined;
  }

  get done(): boolean {
    return this.next >= this.offsetsMs.length;
  }

  /** Frames sent so far. */
  get sent(): number {
    return this.next;
  }

  /** Takes every frame due at `nowMs`. */
  take(nowMs: number): PacedBatch {
    if (this.startMs === undefined) throw new Error('FramePacer.take before start');
    const first = this.next;
    while (this.next < this.offsetsMs.length && this.startMs + (this.offsetsMs[this.next] ?? 0) <= nowMs) {
      this.next++;
    }
    const indices: number[] = [];
    const lagsMs: number[] = [];
    for (let i = first; i < this.next; i++) {
      indices.push(i);
      lagsMs.push(Math.max(0, nowMs - (this.startMs + (this.offsetsMs[i] ?? 0))));
    }
    return { indices, lagMs: lagsMs[0] ?? 0, lagsMs };
  }

  /** When the next frame is due (absolute ms), or undefined when all were taken. */
  nextDueMs(): number | undefined {
    if (this.startMs === undefined || this.done) return undefined;
    return this.startMs + (this.offsetsMs[this.next] ?? 0);
  }
}

// The most recent audio of a session, addressed by absolute sample position. The endpointer
// announces an utterance only after it has heard enough speech, and dates its start back to before
// the first voiced frame; the recognizer is then given the audio from that start, taken from here.

export class PcmHistory {
  private readonly ring: Int16Array;
  /** Samples appended since the start of the session. */
  private total = 0;

  constructor(capacitySamples: number) {
    this.ring = new Int16Array(capacitySamples);
  }

  get position(): number {
    return this.total;
  }

  append(pcm: Int16Array): void {
    const size = this.ring.length;
    const input = pcm.length > size ? pcm.subarray(pcm.length - size) : pcm;
    this.total += pcm.length - input.length;
    const at = this.total % size;
    const first = Math.min(input.length, size - at);
    this.ring.set(input.subarray(0, first), at);
    this.ring.set(input.subarray(first), 0);
    this.total += input.length;
  }

  /** Samples [from, to) that are still held; older ones are gone, so the result may start later. */
  slice(from: number, to: number = this.total): Int16Array {
    const start = Math.max(from, this.total - this.ring.length, 0);
    const end = Math.min(to, this.total);
    if (end <= start) return new Int16Array(0);
    const out = new Int16Array(end - start);
    const size = this.ring.length;
    const a = start % size;
    const first = Math.min(out.length, size - a);
    out.set(this.ring.subarray(a, a + first), 0);
    out.set(this.ring.subarray(0, out.length - first), first);
    return out;
  }
}

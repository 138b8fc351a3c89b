import type { SpeechSegment, VadEvent, VadOptions } from './vad.engine.js';

// Turns a sequence of per-frame speech/non-speech decisions into segments. WebRTC VAD flips on
// single frames, so a segment opens only when most of a short window is voiced, and closes only
// after `minSilenceMs` of unbroken non-speech. Pure logic: no audio, no WASM.

export type SegmenterOptions = Required<Omit<VadOptions, 'aggressiveness' | 'energyGateDb'>>;

export const DEFAULT_VAD_OPTIONS: SegmenterOptions = {
  frameMs: 20,
  minSilenceMs: 500,
  hangoverMs: 150,
  preRollMs: 150,
  minSpeechMs: 200,
  maxSegmentMs: 30_000,
};

/** Fraction of the onset window that must be voiced to open a segment. */
const ONSET_RATIO = 0.6;
const ONSET_WINDOW_MS = 100;

export class VadSegmenter {
  private readonly o: SegmenterOptions;
  private frame = 0;
  /** Where the last segment ended: a new one never reaches back into it. */
  private lastEndFrame = 0;
  private readonly recent: boolean[] = [];
  private open:
    | { startFrame: number; lastVoiced: number; voicedFrames: number; announced: boolean }
    | undefined;

  constructor(options: VadOptions = {}) {
    this.o = { ...DEFAULT_VAD_OPTIONS, ...stripUndefined(options) };
  }

  get positionMs(): number {
    return this.frame * this.o.frameMs;
  }

  /** Non-speech since the last voiced frame of an announced segment; 0 when none is open or the last frame was voiced. */
  get silenceMs(): number {
    if (!this.open?.announced) return 0;
    return (this.frame - 1 - this.open.lastVoiced) * this.o.frameMs;
  }

  /** One frame's decision; returns the events it caused. */
  push(voiced: boolean): VadEvent[] {
    const { frameMs } = this.o;
    const index = this.frame++;
    const windowFrames = Math.max(1, Math.round(ONSET_WINDOW_MS / frameMs));
    this.recent.push(voiced);
    if (this.recent.length > windowFrames) this.recent.shift();
    const events: VadEvent[] = [];
    if (!this.open) {
      const count = this.recent.filter(Boolean).length;
      if (voiced && count >= Math.ceil(windowFrames * ONSET_RATIO)) {
        const firstVoiced = index - (this.recent.length - 1 - this.recent.indexOf(true));
        const startFrame = Math.max(this.lastEndFrame, firstVoiced - Math.round(this.o.preRollMs / frameMs));
        this.open = { startFrame, lastVoiced: index, voicedFrames: count - 1, announced: false };
      } else return events;
    }
    if (voiced) {
      this.open.lastVoiced = index;
      this.open.voicedFrames++;
    }
    // Announced only once it has enough voiced time, so clicks and breaths never start an utterance.
    if (!this.open.announced && this.open.voicedFrames * frameMs >= this.o.minSpeechMs) {
      this.open.announced = true;
      events.push({ type: 'speech-start', startMs: this.open.startFrame * frameMs });
    }
    const silentMs = (index - this.open.lastVoiced) * frameMs;
    const lengthMs = (index + 1 - this.open.startFrame) * frameMs;
    if (silentMs >= this.o.minSilenceMs || lengthMs >= this.o.maxSegmentMs)
      events.push(...this.close(index + 1));
    return events;
  }

  /** End of input: closes an open segment at the current position. */
  flush(): VadEvent[] {
    return this.open ? this.close(this.frame) : [];
  }

  private close(endFrame: number): VadEvent[] {
    const open = this.open;
    this.open = undefined;
    if (!open?.announced) return [];
    const { frameMs } = this.o;
    const end = Math.min(endFrame, open.lastVoiced + 1 + Math.round(this.o.hangoverMs / frameMs));
    this.lastEndFrame = end;
    return [{ type: 'speech-end', segment: { startMs: open.startFrame * frameMs, endMs: end * frameMs } }];
  }
}

export function segmentsOf(events: readonly VadEvent[]): SpeechSegment[] {
  return events.flatMap((e) => (e.type === 'speech-end' ? [e.segment] : []));
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

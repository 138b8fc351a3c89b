import { normalWords } from './word-error-rate.js';

// Latency as the field measures it (pipecat's stt-benchmark): per spoken turn of the fixture,
// time from the end of its speech to its final transcript, and from its onset to its first result.
// A turn whose first result is already its final, once its speech was all sent (a deployment that
// sends no interims: the spec does not require them), has its first result timed from its end: from
// its onset the figure would be the turn's own length plus the final's delay.
// Result frames carry no audio times, so the clock is the client's: a turn's onset (end) is the
// moment the frame holding its first (last) audio sample left the client, which is the stream
// start + the manifest's start_s (end_s) when the generator is on time, and later when it is not —
// so a late generator is not charged to the server.

export interface Turn {
  text: string;
  start_s: number;
  end_s: number;
}

/** Words of `text` that turn `turn` says. */
function overlap(text: string, turn: Turn | undefined): number {
  const said = new Set(normalWords(turn?.text ?? ''));
  return normalWords(text).filter((w) => said.has(w)).length;
}

/** Index of the turn in [from, to) sharing the most words with `text` (the first on a tie), or -1. */
export function matchTurn(text: string, turns: readonly Turn[], from = 0, to = turns.length): number {
  let best = -1;
  let bestScore = 0;
  for (let i = Math.max(0, from); i < Math.min(to, turns.length); i++) {
    const score = overlap(text, turns[i]);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** The frame holding audio time `ms`: the last whose start is at or before it. */
function frameAt(offsetsMs: readonly number[], ms: number): number {
  let lo = 0;
  let hi = offsetsMs.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((offsetsMs[mid] ?? 0) <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class TurnLatency {
  private readonly onsetFrame: number[];
  private readonly endFrame: number[];
  private readonly onsetSentAt: (number | undefined)[];
  private readonly endSentAt: (number | undefined)[];
  private readonly firstResultAt: (number | undefined)[];
  /** Where each turn's first-result figure starts: its onset, or its end when that result was a final. */
  private readonly firstResultFrom: (number | undefined)[];
  private readonly lastFinalAt: (number | undefined)[];
  private readonly utterances = new Set<string>();
  private finalTurn = 0;

  constructor(
    private readonly turns: readonly Turn[],
    offsetsMs: readonly number[],
  ) {
    this.onsetFrame = turns.map((t) => frameAt(offsetsMs, t.start_s * 1000));
    this.endFrame = turns.map((t) => frameAt(offsetsMs, t.end_s * 1000));
    this.onsetSentAt = turns.map(() => undefined);
    this.endSentAt = turns.map(() => undefined);
    this.firstResultAt = turns.map(() => undefined);
    this.firstResultFrom = turns.map(() => undefined);
    this.lastFinalAt = turns.map(() => undefined);
  }

  /** Frames `indices` left the client at `atMs`. */
  sent(indices: readonly number[], atMs: number): void {
    if (indices.length === 0) return;
    const first = indices[0] ?? 0;
    const last = indices.at(-1) ?? 0;
    this.turns.forEach((_, k) => {
      const onset = this.onsetFrame[k] ?? -1;
      const end = this.endFrame[k] ?? -1;
      if (onset >= first && onset <= last) this.onsetSentAt[k] ??= atMs;
      if (end >= first && end <= last) this.endSentAt[k] ??= atMs;
    });
  }

  /**
   * A result frame. The first result of a new utterance starts the earliest spoken turn without one,
   * unless its words belong to a later turn (the recognizer merged or missed one) or to a turn that
   * already has its first result (the recognizer split a turn: no sample).
   */
  result(id: string, text: string, isFinal: boolean, atMs: number): void {
    if (!this.utterances.has(id)) {
      this.utterances.add(id);
      this.firstResult(text, isFinal, atMs);
    }
    if (isFinal) {
      const k = matchTurn(text, this.turns, this.finalTurn);
      // A final matching no turn, or one whose speech has not all been sent (a split turn's first
      // part), says nothing about the end of a turn.
      if (k < 0 || this.endSentAt[k] === undefined) return;
      this.finalTurn = k;
      this.lastFinalAt[k] = atMs;
    }
  }

  private firstResult(text: string, isFinal: boolean, atMs: number): void {
    const waiting = this.turns.findIndex(
      (_, k) => this.onsetSentAt[k] !== undefined && this.firstResultAt[k] === undefined,
    );
    if (waiting < 0) return;
    const later = matchTurn(text, this.turns, waiting);
    const earlier = matchTurn(text, this.turns, 0, waiting);
    // Words of a turn that already has its first result, and of no later one: a split turn.
    if (earlier >= 0 && overlap(text, this.turns[earlier]) > overlap(text, this.turns[later])) return;
    const k = later > waiting && this.onsetSentAt[later] !== undefined ? later : waiting;
    this.firstResultAt[k] = atMs;
    const ended = this.endSentAt[k];
    this.firstResultFrom[k] = isFinal && ended !== undefined && atMs >= ended ? ended : this.onsetSentAt[k];
  }

  /** Per turn with a sample: turn onset sent → first result of the turn (its end, for a final). */
  firstResultMs(): number[] {
    return this.samples(this.firstResultFrom, this.firstResultAt);
  }

  /** Per turn with a sample: turn end sent → the turn's last final. */
  finalMs(): number[] {
    return this.samples(this.endSentAt, this.lastFinalAt);
  }

  private samples(from: readonly (number | undefined)[], to: readonly (number | undefined)[]): number[] {
    const out: number[] = [];
    to.forEach((at, k) => {
      const start = from[k];
      if (at !== undefined && start !== undefined) out.push(Math.max(0, at - start));
    });
    return out;
  }
}

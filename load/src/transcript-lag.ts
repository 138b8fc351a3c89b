// Transcript lag: audio sent minus audio covered by the latest final. Result frames carry no audio
// times, so a final is matched to the fixture's known turn (manifest `turns`) it shares the most
// words with; the turn's end is the audio it covers. A final whose turn has not been sent to its
// end yet (the recognizer split a turn at a pause) gives no sample rather than a made-up one.

export interface Turn {
  text: string;
  start_s: number;
  end_s: number;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w.length > 0);
}

/** Index of the turn at or after `from` sharing the most words with `text`, or -1 when none shares any. */
export function matchTurn(text: string, turns: readonly Turn[], from = 0): number {
  const heard = words(text);
  let best = -1;
  let bestScore = 0;
  for (let i = Math.max(0, from); i < turns.length; i++) {
    const said = new Set(words(turns[i]?.text ?? ''));
    const score = heard.filter((w) => said.has(w)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

export class TranscriptLag {
  private nextTurn = 0;
  constructor(private readonly turns: readonly Turn[]) {}

  /** The lag sample for a final heard when `sentAudioMs` of audio had been sent, if it can be known. */
  final(text: string, sentAudioMs: number): number | undefined {
    const index = matchTurn(text, this.turns, this.nextTurn);
    if (index < 0) return undefined;
    this.nextTurn = index;
    const coveredMs = (this.turns[index]?.end_s ?? 0) * 1000;
    if (sentAudioMs < coveredMs) return undefined;
    return sentAudioMs - coveredMs;
  }
}

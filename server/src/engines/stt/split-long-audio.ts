// Cuts audio longer than a recognizer's comfortable utterance length at the quietest 10 ms in the
// last quarter of each window, so a cut rarely lands inside a word.

export interface AudioPiece {
  pcm: Int16Array;
  /** Sample offset of the piece in the original audio. */
  offset: number;
}

const FRAME = 160; // 10 ms at 16 kHz

export function splitLongAudio(pcm: Int16Array, maxSamples: number): AudioPiece[] {
  const pieces: AudioPiece[] = [];
  let start = 0;
  while (pcm.length - start > maxSamples) {
    const searchFrom = start + Math.floor(maxSamples * 0.75);
    let cut = start + maxSamples;
    let quietest = Number.POSITIVE_INFINITY;
    for (let at = searchFrom; at + FRAME <= start + maxSamples; at += FRAME) {
      let energy = 0;
      for (let i = at; i < at + FRAME; i++) energy += (pcm[i] ?? 0) ** 2;
      if (energy < quietest) {
        quietest = energy;
        cut = at + FRAME / 2;
      }
    }
    pieces.push({ pcm: pcm.subarray(start, cut), offset: start });
    start = cut;
  }
  pieces.push({ pcm: pcm.subarray(start), offset: start });
  return pieces;
}

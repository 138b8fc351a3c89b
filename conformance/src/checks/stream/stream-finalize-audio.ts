import OpusScript from 'opusscript';
import { fixturePcm, type ReproAudio } from '../../live-session.js';

// The audio of the finalize sessions: a fixture sentence cut where an utterance is still open when
// the empty frame follows, inside its speech or right at its end with no trailing silence, as
// pcm16 or as raw Opus packets (the spec's `opus` encoding: one Opus frame per message). The cut
// is found from the audio's own energy, so no deployment's endpointing is assumed.

const RATE = 16_000;
const WINDOW = RATE / 50; // 20 ms, one live frame
/** A window this far under the sentence's loudest one is silence (WebRTC VAD gates at about the same). */
const SILENCE_DB = 30;
/** Audio kept before the speech starts. */
const LEAD_WINDOWS = 5;
const OPUS_SET_BITRATE = 4002;
const OPUS_BITRATE = 24_000;

export type Cut = 'inside' | 'end';

export interface CutAudio {
  /** 16 kHz mono pcm16. */
  pcm: Buffer;
  /** The fixture and the byte range of its samples the cut keeps (for a reproduction). */
  source: ReproAudio;
  /** The sentence's words, when the cut keeps the whole sentence. */
  text?: string;
}

/** RMS energy of each 20 ms window of pcm16. */
export function windowEnergy(pcm: Buffer): number[] {
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const energy: number[] = [];
  for (let at = 0; at + WINDOW <= samples.length; at += WINDOW) {
    let sum = 0;
    for (let i = at; i < at + WINDOW; i++) sum += (samples[i] as number) ** 2;
    energy.push(Math.sqrt(sum / WINDOW));
  }
  return energy;
}

/** Whether each 20 ms window is speech: within SILENCE_DB of the loudest window. */
export function speechWindows(pcm: Buffer): boolean[] {
  const energy = windowEnergy(pcm);
  const floor = Math.max(...energy) / 10 ** (SILENCE_DB / 20);
  return energy.map((e) => e > floor);
}

/**
 * `inside`: cut at the end of the loudest window of the speech's middle fifth (a vowel, mid-word);
 * `end`: cut after the last window of speech. Either way the audio starts 100 ms before the speech.
 */
export function cutAudio(file: string, cut: Cut, text?: string): CutAudio {
  const pcm = fixturePcm(file);
  const speech = speechWindows(pcm);
  const first = speech.indexOf(true);
  const last = speech.lastIndexOf(true);
  let end = last + 1;
  if (cut === 'inside') {
    const energy = windowEnergy(pcm);
    const from = first + Math.floor((last - first) * 0.4);
    const to = first + Math.ceil((last - first) * 0.6);
    let loudest = from;
    for (let w = from; w <= to; w++) if ((energy[w] ?? 0) > (energy[loudest] ?? 0)) loudest = w;
    end = loudest + 1;
  }
  const [from, to] = [Math.max(0, first - LEAD_WINDOWS) * WINDOW * 2, end * WINDOW * 2];
  return {
    pcm: pcm.subarray(from, to),
    source: { file, from, to },
    ...(cut === 'end' && text ? { text } : {}),
  };
}

/** pcm16 as raw Opus packets of 20 ms (libopus through opusscript); the last one zero-padded. */
export function opusPackets(pcm: Buffer): Buffer[] {
  const encoder = new OpusScript(RATE, 1, OpusScript.Application.VOIP);
  try {
    encoder.encoderCTL(OPUS_SET_BITRATE, OPUS_BITRATE);
    const frameBytes = WINDOW * 2;
    const packets: Buffer[] = [];
    for (let at = 0; at < pcm.length; at += frameBytes) {
      const frame = Buffer.alloc(frameBytes);
      pcm.copy(frame, 0, at, Math.min(pcm.length, at + frameBytes));
      // opusscript reuses its output buffer: keep a copy of each packet.
      packets.push(Buffer.from(encoder.encode(frame, WINDOW)));
    }
    return packets;
  } finally {
    encoder.delete();
  }
}

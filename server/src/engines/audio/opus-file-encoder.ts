import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import OpusScript from 'opusscript';
import { OPUS_GRANULE_RATE, writeOggOpus } from './ogg-opus-writer.js';
import { pcmToBytes } from './pcm.js';
import { RationalResampler } from './rational-resample.js';

// Mono PCM → OGG/Opus in-process with libopus (WASM, opusscript: the library the live stream decodes
// with). The static ffmpeg build's libopus took ~145 ms for a 2.5 s TTS sentence, most of
// POST /v1/tts's time; in-process it is several times faster (no process, lower complexity).
// Encoding is synchronous WASM, so long audio is encoded a second at a time with a turn of the
// event loop in between.

type OpusRate = 8000 | 12000 | 16000 | 24000 | 48000;
const OPUS_RATES: readonly OpusRate[] = [8000, 12000, 16000, 24000, 48000];
const FRAME_MS = 20;
/** libopus's lookahead for the VOIP and AUDIO applications (Fs/400 + Fs/250), in 48 kHz samples. */
const PRE_SKIP_48K = 312;
const OPUS_SET_BITRATE = 4002;
const OPUS_SET_COMPLEXITY = 4010;
/**
 * libopus's default is 10. At 5 a TTS sentence encodes in half the time (4.6 s of speech: 154 →
 * 70 ms) with the same size and the same waveform SNR after decoding (10.4 dB at 32 kbps).
 */
const COMPLEXITY = 5;
/** Frames encoded between turns of the event loop: one second of audio, ~10 ms of work. */
const FRAMES_PER_TURN = 50;

/** The Opus rate a `sampleRate` input is coded at: itself when Opus has it, else the next one up. */
export function opusRateFor(sampleRate: number): OpusRate {
  return OPUS_RATES.find((rate) => rate >= sampleRate) ?? 48_000;
}

export async function encodeOggOpusInProcess(
  pcm: Int16Array,
  sampleRate: number,
  bitrateKbps = 32,
): Promise<Buffer> {
  const rate = opusRateFor(sampleRate);
  const resampler = rate === sampleRate ? undefined : new RationalResampler(sampleRate, rate);
  const length = resampler ? resampler.outputLength(pcm.length) : pcm.length;
  const frameSamples = (rate * FRAME_MS) / 1000;
  const frame = new Int16Array(frameSamples);
  const encoder = new OpusScript(rate, 1, OpusScript.Application.VOIP);
  const packets: Uint8Array[] = [];
  try {
    encoder.encoderCTL(OPUS_SET_BITRATE, bitrateKbps * 1000);
    encoder.encoderCTL(OPUS_SET_COMPLEXITY, COMPLEXITY);
    // At least one frame, so even empty input makes a valid (silent) file; the last one is zero-padded.
    const frames = Math.max(1, Math.ceil(length / frameSamples));
    for (let i = 0; i < frames; i++) {
      if (i > 0 && i % FRAMES_PER_TURN === 0) await yieldToEventLoop();
      const start = i * frameSamples;
      if (resampler) resampler.range(pcm, start, frame);
      else frame.set(pcm.subarray(start, start + frameSamples));
      if (start + frameSamples > length) frame.fill(0, Math.max(0, length - start));
      packets.push(encoder.encode(pcmToBytes(frame), frameSamples));
    }
  } finally {
    encoder.delete();
  }
  return writeOggOpus({
    packets,
    frameSamples48k: (OPUS_GRANULE_RATE * FRAME_MS) / 1000,
    preSkip: PRE_SKIP_48K,
    inputSampleRate: sampleRate,
    samples48k: Math.round((pcm.length * OPUS_GRANULE_RATE) / sampleRate),
  });
}

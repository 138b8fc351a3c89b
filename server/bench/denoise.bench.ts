// Denoise speed (× real time) for the file path at 48 kHz, 16 kHz input, and the live 16 kHz stream
// in 20 ms chunks; and the SNR gain on the noisy fixtures against their clean reference.
// Run: npx tsx server/bench/denoise.bench.ts   (bench:speech imports measureDenoiseEngine)

import { readFile } from 'node:fs/promises';
import { FfmpegAudioEngine } from '../src/engines/audio/ffmpeg-audio.adapter.js';
import { concatPcm } from '../src/engines/audio/pcm.js';
import { RnnoiseDenoiseEngine } from '../src/engines/denoise/rnnoise-denoise.adapter.js';
import { cpuMs, isEntry } from './bench-kit.js';

const audio = new FfmpegAudioEngine();
export const noisyFixture = (name: string) =>
  readFile(new URL(`../../fixtures/audio/noisy/${name}`, import.meta.url));
/** The ~6 s fixture ten times: a minute of audio per measurement. */
export const DENOISE_REPEAT = 10;

export function repeatPcm(pcm: Int16Array, times: number): Int16Array {
  return concatPcm(Array.from({ length: times }, () => pcm));
}

function snrDb(clean: Int16Array, signal: Int16Array): number {
  let s = 0;
  let e = 0;
  for (let i = 0; i < clean.length; i++) {
    s += (clean[i] ?? 0) ** 2;
    e += ((signal[i] ?? 0) - (clean[i] ?? 0)) ** 2;
  }
  return 10 * Math.log10(s / e);
}

/** × real time: seconds of audio per second of wall clock. */
async function speedOf(seconds: number, run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return seconds / ((performance.now() - t0) / 1000);
}

/** Seconds of audio per CPU second: what one idle core would do, steadier on a busy machine. */
async function cpuSpeedOf(seconds: number, run: () => Promise<unknown>): Promise<number> {
  const c0 = cpuMs();
  await run();
  return seconds / (Math.max(10, cpuMs() - c0) / 1000);
}

export interface DenoiseEngineFigures {
  audioSeconds: number;
  /** × real time of the file path at RNNoise's 48 kHz (what POST /v1/denoise runs). */
  file48: number;
  /** The same per CPU second. */
  file48Cpu: number;
  /** × real time of 16 kHz input (resampled to 48 kHz and back). */
  file16: number;
  /** × real time of the live stream's path: 16 kHz in 20 ms chunks. */
  stream16: number;
}

/** The engine alone, on a minute of the 0 dB noisy fixture, after the WASM runtime has loaded. */
export async function measureDenoiseEngine(repeat = DENOISE_REPEAT): Promise<DenoiseEngineFigures> {
  const engine = new RnnoiseDenoiseEngine();
  const noisy = await noisyFixture('snr-00db.wav');
  const n48 = repeatPcm(await audio.decode(noisy, { sampleRate: 48_000 }), repeat);
  const n16 = repeatPcm(await audio.decode(noisy, { sampleRate: 16_000 }), repeat);
  await engine.denoise(n16.subarray(0, 16_000), 16_000); // load the WASM runtime outside the timings
  const seconds = n16.length / 16_000;
  return {
    audioSeconds: seconds,
    file48: await speedOf(n48.length / 48_000, () => engine.denoise(n48, 48_000)),
    file48Cpu: await cpuSpeedOf(n48.length / 48_000, () => engine.denoise(n48, 48_000)),
    file16: await speedOf(seconds, () => engine.denoise(n16, 16_000)),
    stream16: await speedOf(seconds, async () => {
      const stream = await engine.createStream();
      for (let at = 0; at < n16.length; at += 320) stream.push(n16.subarray(at, at + 320));
      stream.end();
    }),
  };
}

async function main(): Promise<void> {
  const speed = await measureDenoiseEngine();
  const s = speed.audioSeconds.toFixed(0);
  console.log(
    `file, 48 kHz: ${speed.file48.toFixed(1)}× real time, ${speed.file48Cpu.toFixed(1)}× per CPU second (${s} s of audio)`,
  );
  console.log(`file, 16 kHz input: ${speed.file16.toFixed(1)}× real time (${s} s of audio)`);
  console.log(`stream, 16 kHz in 20 ms chunks: ${speed.stream16.toFixed(1)}× real time (${s} s of audio)`);

  const engine = new RnnoiseDenoiseEngine();
  const clean48 = await audio.decode(await noisyFixture('clean.wav'), { sampleRate: 48_000 });
  for (const [label, name] of [
    ['0 dB', 'snr-00db.wav'],
    ['10 dB', 'snr-10db.wav'],
  ] as const) {
    const noisy = await audio.decode(await noisyFixture(name), { sampleRate: 48_000 });
    const before = snrDb(clean48, noisy);
    for (const [mode, options] of [
      ['adaptive, default limit', {}],
      ['fixed, default limit', { disableAdaptiveMix: true }],
      ['adaptive, 12 dB limit', { attenLimitDb: 12 }],
    ] as const) {
      const result = await engine.denoise(noisy, 48_000, options);
      const after = snrDb(clean48, result.pcm);
      console.log(
        `SNR ${label} input, ${mode}: ${before.toFixed(2)} → ${after.toFixed(2)} dB ` +
          `(gain ${(after - before).toFixed(2)} dB, applied_atten_db ${result.appliedAttenDb})`,
      );
    }
  }
}

if (isEntry(import.meta.url)) await main();

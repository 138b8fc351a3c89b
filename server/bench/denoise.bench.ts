// Denoise speed (× real time) for the file path at 48 kHz, 16 kHz input, and the live 16 kHz stream
// in 20 ms chunks; and the SNR gain on the noisy fixtures against their clean reference.
// Run: npx tsx server/bench/denoise.bench.ts

import { readFile } from 'node:fs/promises';
import { FfmpegAudioEngine } from '../src/engines/audio/ffmpeg-audio.adapter.js';
import { concatPcm } from '../src/engines/audio/pcm.js';
import { RnnoiseDenoiseEngine } from '../src/engines/denoise/rnnoise-denoise.adapter.js';

const audio = new FfmpegAudioEngine();
const engine = new RnnoiseDenoiseEngine();
const fixture = (name: string) => readFile(new URL(`../../fixtures/audio/noisy/${name}`, import.meta.url));
const REPEAT = 10; // the ~6 s fixture ten times: a minute of audio per measurement

function repeat(pcm: Int16Array, times: number): Int16Array {
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

async function timed(label: string, seconds: number, run: () => Promise<unknown>) {
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  console.log(
    `${label}: ${(seconds / (ms / 1000)).toFixed(1)}× real time (${seconds.toFixed(0)} s in ${ms.toFixed(0)} ms)`,
  );
}

const clean = await fixture('clean.wav');
const noisy0 = await fixture('snr-00db.wav');
const noisy10 = await fixture('snr-10db.wav');
const n48 = repeat(await audio.decode(noisy0, { sampleRate: 48_000 }), REPEAT);
const n16 = repeat(await audio.decode(noisy0, { sampleRate: 16_000 }), REPEAT);
await engine.denoise(n16.subarray(0, 16_000), 16_000); // load the WASM runtime outside the timings

await timed('file, 48 kHz', n48.length / 48_000, () => engine.denoise(n48, 48_000));
await timed('file, 16 kHz input', n16.length / 16_000, () => engine.denoise(n16, 16_000));
await timed('stream, 16 kHz in 20 ms chunks', n16.length / 16_000, async () => {
  const stream = await engine.createStream();
  for (let at = 0; at < n16.length; at += 320) stream.push(n16.subarray(at, at + 320));
  stream.end();
});

const clean48 = await audio.decode(clean, { sampleRate: 48_000 });
for (const [label, file] of [
  ['0 dB', noisy0],
  ['10 dB', noisy10],
] as const) {
  const noisy = await audio.decode(file, { sampleRate: 48_000 });
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

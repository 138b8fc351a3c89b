import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { FfmpegAudioEngine } from '../audio/ffmpeg-audio.adapter.js';
import { concatPcm } from '../audio/pcm.js';
import { LSNR_MAX_DB, LSNR_MIN_DB } from './denoise.engine.js';
import { RnnoiseDenoiseEngine } from './rnnoise-denoise.adapter.js';

// fixtures/audio/noisy: flite speech (clean.wav) and copies with seeded white Gaussian noise mixed
// in at exactly 0 dB and 10 dB SNR, all 16 kHz mono.
const audio = new FfmpegAudioEngine();
const fixture = (name: string) =>
  readFile(new URL(`../../../../fixtures/audio/noisy/${name}`, import.meta.url));

/** SNR of `signal` against the clean reference, in dB. */
function snrDb(clean: Int16Array, signal: Int16Array): number {
  let speech = 0;
  let error = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i] ?? 0;
    speech += c * c;
    error += ((signal[i] ?? 0) - c) ** 2;
  }
  return 10 * Math.log10(speech / error);
}

const engine = new RnnoiseDenoiseEngine();
const pcm = {
  clean16: new Int16Array(),
  noisy16: new Int16Array(),
  clean48: new Int16Array(),
  noisy48: new Int16Array(),
};

beforeAll(async () => {
  const [clean, noisy] = await Promise.all([fixture('clean.wav'), fixture('snr-00db.wav')]);
  pcm.clean16 = await audio.decode(clean, { sampleRate: 16_000 });
  pcm.noisy16 = await audio.decode(noisy, { sampleRate: 16_000 });
  pcm.clean48 = await audio.decode(clean, { sampleRate: 48_000 });
  pcm.noisy48 = await audio.decode(noisy, { sampleRate: 48_000 });
});

describe('RNNoise denoising of a 0 dB noisy recording', () => {
  it('starts from 0 dB SNR', () => {
    expect(snrDb(pcm.clean16, pcm.noisy16)).toBeCloseTo(0, 1);
  });

  it('gains at least 5 dB SNR at 48 kHz, the rate files are decoded to', async () => {
    const result = await engine.denoise(pcm.noisy48, 48_000);
    expect(result.pcm.length).toBe(pcm.noisy48.length);
    expect(snrDb(pcm.clean48, result.pcm) - snrDb(pcm.clean48, pcm.noisy48)).toBeGreaterThanOrEqual(5);
  });

  it('gains at least 5 dB SNR on 16 kHz input too', async () => {
    const result = await engine.denoise(pcm.noisy16, 16_000);
    expect(result.sampleRate).toBe(16_000);
    expect(result.pcm.length).toBe(pcm.noisy16.length);
    expect(snrDb(pcm.clean16, result.pcm)).toBeGreaterThanOrEqual(5);
  });

  it('reports one local SNR per 10 ms frame, in range, higher where the speech is', async () => {
    const result = await engine.denoise(pcm.noisy48, 48_000);
    expect(result.frameLsnrDb).toHaveLength(Math.ceil(pcm.noisy48.length / 480));
    expect(result.frameLsnrDb.every((v) => v >= LSNR_MIN_DB && v <= LSNR_MAX_DB)).toBe(true);
    // The fixture speaks from 0.5 s to 2.96 s and is noise only after 5.53 s. (Not the first 0.5 s:
    // RNNoise spends its first few hundred milliseconds learning the noise.)
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(result.frameLsnrDb.slice(60, 290))).toBeGreaterThan(mean(result.frameLsnrDb.slice(560)) + 10);
  });
});

describe('attenuation limit and mix', () => {
  it('uses the server default for 0, and the average limit applied is reported', async () => {
    const fixed = await engine.denoise(pcm.noisy48, 48_000, { attenLimitDb: 0, disableAdaptiveMix: true });
    expect(fixed.appliedAttenDb).toBe(100);
    const custom = new RnnoiseDenoiseEngine({ defaultAttenDb: 30 });
    expect((await custom.denoise(pcm.noisy48, 48_000, { disableAdaptiveMix: true })).appliedAttenDb).toBe(30);
  });

  it('adaptive mix lowers the limit under speech, so its average is below the requested limit', async () => {
    const adaptive = await engine.denoise(pcm.noisy48, 48_000, { attenLimitDb: 60 });
    expect(adaptive.appliedAttenDb).toBeLessThan(60);
    expect(adaptive.appliedAttenDb).toBeGreaterThan(15);
  });

  it('a higher limit removes more noise: 6 dB < 20 dB ≤ 100 dB in SNR gain', async () => {
    const gain = async (attenLimitDb: number) =>
      snrDb(
        pcm.clean48,
        (await engine.denoise(pcm.noisy48, 48_000, { attenLimitDb, disableAdaptiveMix: true })).pcm,
      );
    const [low, mid, high] = [await gain(6), await gain(20), await gain(100)];
    expect(low).toBeLessThan(mid);
    expect(mid).toBeLessThanOrEqual(high + 0.5);
    expect(low).toBeLessThan(7);
  });

  it('a near-zero limit passes the input through untouched, sample-aligned', async () => {
    const result = await engine.denoise(pcm.noisy48, 48_000, {
      attenLimitDb: 1e-6,
      disableAdaptiveMix: true,
    });
    let worst = 0;
    for (let i = 0; i < result.pcm.length; i++) {
      worst = Math.max(worst, Math.abs((result.pcm[i] ?? 0) - (pcm.noisy48[i] ?? 0)));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('hands out the 48 kHz output second by second as it is ready; the pieces make up the result', async () => {
    const pieces: Int16Array[] = [];
    const result = await engine.denoise(pcm.noisy48, 48_000, { onOutput: (piece) => pieces.push(piece) });
    // One piece per one-second batch (at most a batch plus RNNoise's 480-sample lag), then the flush.
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(pcm.noisy48.length / 48_000));
    expect(pieces.every((piece) => piece.length <= 48_000 + 480)).toBe(true);
    expect([...concatPcm(pieces)]).toEqual([...result.pcm]);
    const plain = await engine.denoise(pcm.noisy48, 48_000);
    expect([...plain.pcm]).toEqual([...result.pcm]);
  });

  it('hands out 16 kHz output once, whole (it is resampled at the end)', async () => {
    const pieces: Int16Array[] = [];
    const result = await engine.denoise(pcm.noisy16, 16_000, { onOutput: (piece) => pieces.push(piece) });
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toBe(result.pcm);
  });

  it('refuses sample rates other than 16 and 48 kHz', async () => {
    await expect(engine.denoise(new Int16Array(441), 44_100)).rejects.toThrow(RangeError);
  });
});

describe('live denoise stream (16 kHz chunks)', () => {
  it('returns as many samples as it was given, aligned, with the same gain as the file path', async () => {
    const stream = await engine.createStream();
    const out: Int16Array[] = [];
    for (let at = 0; at < pcm.noisy16.length; at += 320)
      out.push(stream.push(pcm.noisy16.subarray(at, at + 320)));
    out.push(stream.end());
    const streamed = concatPcm(out);
    expect(streamed.length).toBe(pcm.noisy16.length);
    const file = await engine.denoise(pcm.noisy16, 16_000);
    expect(snrDb(pcm.clean16, streamed)).toBeGreaterThanOrEqual(5);
    expect(Math.abs(snrDb(pcm.clean16, streamed) - snrDb(pcm.clean16, file.pcm))).toBeLessThan(1);
  });

  it('hands back audio while the stream runs, not only at the end', async () => {
    const stream = await engine.createStream();
    let during = 0;
    for (let at = 0; at < 16_000; at += 320) during += stream.push(pcm.noisy16.subarray(at, at + 320)).length;
    expect(during).toBeGreaterThan(16_000 - 400);
    stream.close();
    expect(() => stream.push(new Int16Array(320))).toThrow(/ended/);
  });
});

describe('an RNNoise runtime that cannot load', () => {
  it('is unavailable and says why', async () => {
    const broken = new RnnoiseDenoiseEngine({ load: () => Promise.reject(new Error('wasm missing')) });
    await expect(broken.denoise(new Int16Array(480), 48_000)).rejects.toMatchObject({
      name: 'EngineUnavailableError',
    });
    expect(broken.status()).toMatchObject({
      available: false,
      detail: expect.stringContaining('wasm missing'),
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { FfmpegAudioEngine } from './ffmpeg-audio.adapter.js';
import { resolveFfmpegPath, runFfmpeg } from './ffmpeg-process.js';
import { oggCrc } from './ogg-opus-writer.js';
import { OggPacketReader } from './ogg-packets.js';
import { encodeOggOpusInProcess, opusRateFor } from './opus-file-encoder.js';
import { pcmToBytes } from './pcm.js';
import { RationalResampler } from './rational-resample.js';
import { speak } from './test-speech.js';
import { encodeWav } from './wav.js';

const audio = new FfmpegAudioEngine();
let speech16: Int16Array;
let speech22: Int16Array;

beforeAll(async () => {
  speech16 = await speak('Please share your screen with the team before the meeting starts.');
  // espeak-ng's rate, made by ffmpeg's own resampler so the test does not grade ours against itself.
  speech22 = await audio.decode(encodeWav(speech16, 16_000), { sampleRate: 22_050 });
});

/** Best normalised cross-correlation within ±maxLag samples (codecs add a few ms of delay). */
function similarity(a: Int16Array, b: Int16Array, maxLag = 400): number {
  let best = 0;
  for (let lag = -maxLag; lag <= maxLag; lag += 2) {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let i = maxLag; i < Math.min(a.length, b.length) - maxLag; i += 2) {
      const x = a[i] ?? 0;
      const y = b[i + lag] ?? 0;
      ab += x * y;
      aa += x * x;
      bb += y * y;
    }
    best = Math.max(best, ab / Math.sqrt(aa * bb));
  }
  return best;
}

function pages(file: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < file.length; ) {
    const segments = file[at + 26] ?? 0;
    const body = file.subarray(at + 27, at + 27 + segments).reduce((n, v) => n + v, 0);
    out.push(file.subarray(at, at + 27 + segments + body));
    at += 27 + segments + body;
  }
  return out;
}

describe('RationalResampler', () => {
  it('keeps a 1 kHz tone at its frequency and level from 22,050 Hz to 24 kHz', () => {
    const tone = (rate: number, n: number) =>
      Int16Array.from({ length: n }, (_, i) =>
        Math.round(10_000 * Math.sin((2 * Math.PI * 1000 * i) / rate)),
      );
    const resampler = new RationalResampler(22_050, 24_000);
    const out = resampler.resample(tone(22_050, 22_050));
    expect(out.length).toBe(24_000);
    const ideal = tone(24_000, 24_000);
    let worst = 0;
    for (let i = 1000; i < 23_000; i++) worst = Math.max(worst, Math.abs((out[i] ?? 0) - (ideal[i] ?? 0)));
    expect(worst).toBeLessThan(100); // 1 % of the amplitude
  });

  it('gives any output range on its own the same samples as the whole', () => {
    const resampler = new RationalResampler(22_050, 24_000);
    const whole = resampler.resample(speech22);
    const part = new Int16Array(480);
    resampler.range(speech22, 4800, part);
    expect([...part]).toEqual([...whole.subarray(4800, 5280)]);
  });
});

describe('OGG/Opus in-process', () => {
  it('codes at the Opus rate at or above the input rate', () => {
    expect([8000, 16_000, 22_050, 44_100, 96_000].map(opusRateFor)).toEqual([
      8000, 16_000, 24_000, 48_000, 48_000,
    ]);
  });

  it('computes the page checksum Ogg readers check (same as ffmpeg on its own pages)', async () => {
    const ogg = await runFfmpeg(
      resolveFfmpegPath().path ?? 'ffmpeg',
      ['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', 'pipe:0', '-c:a', 'libopus', '-f', 'ogg', 'pipe:1'],
      { input: pcmToBytes(speech16) },
    );
    const found = pages(ogg);
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const page of found) {
      const zeroed = Buffer.from(page);
      zeroed.writeUInt32LE(0, 22);
      expect(oggCrc(zeroed)).toBe(page.readUInt32LE(22));
    }
  });

  it('encodes 22,050 Hz speech that ffmpeg decodes back to the same speech and length', async () => {
    const ogg = await encodeOggOpusInProcess(speech22, 22_050);
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    const back = await audio.decode(ogg, { sampleRate: 16_000 });
    expect(Math.abs(back.length - speech16.length) / 16).toBeLessThan(30);
    expect(similarity(speech16, back)).toBeGreaterThan(0.8);
  });

  it('writes one 20 ms packet per frame after the two header packets, and mono OpusHead', async () => {
    const ogg = await encodeOggOpusInProcess(speech16, 16_000);
    const packets = new OggPacketReader().push(ogg);
    expect(
      Buffer.from(packets[0] ?? [])
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('OpusHead');
    expect(packets[0]?.[9]).toBe(1);
    expect(
      Buffer.from(packets[1] ?? [])
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('OpusTags');
    expect(packets.length - 2).toBe(Math.ceil(speech16.length / 320));
    const lastPage = pages(ogg).at(-1);
    expect(lastPage?.[5]).toBe(4); // end of stream
    expect(Number(lastPage?.readBigInt64LE(6))).toBe(312 + speech16.length * 3);
  });

  it('makes a valid, silent file of empty input', async () => {
    const back = await audio
      .decode(await encodeOggOpusInProcess(new Int16Array(0), 22_050))
      .catch(() => null);
    // ffmpeg either decodes nothing (no samples: AudioDecodeError) or a few ms of silence; never garbage.
    if (back) expect(back.every((v) => Math.abs(v) < 50)).toBe(true);
    const packets = new OggPacketReader().push(await encodeOggOpusInProcess(new Int16Array(0), 22_050));
    expect(packets.length).toBe(3);
  });
});

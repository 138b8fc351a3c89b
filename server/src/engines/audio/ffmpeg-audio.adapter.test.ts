import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineUnavailableError } from '../engine.js';
import { AudioDecodeError, AudioTooLongError } from './audio.engine.js';
import { FfmpegAudioEngine } from './ffmpeg-audio.adapter.js';
import { resolveFfmpegPath } from './ffmpeg-process.js';
import { fixtureBytes, fixtureFiles, fixturePcm, fixturesPresent } from './fixture-audio.js';
import { pcmToBytes } from './pcm.js';
import { withTempDir } from './temp-dir.js';
import { speak } from './test-speech.js';

const run = promisify(execFile);
const engine = new FfmpegAudioEngine();
const ffmpeg = resolveFfmpegPath().path ?? 'ffmpeg';
let speech: Int16Array;

const rms = (x: Int16Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

/** Best normalised cross-correlation within ±maxLag samples (codecs add a few ms of delay). */
function similarity(a: Int16Array, b: Int16Array, maxLag = 1200): number {
  const n = Math.min(a.length, b.length) - maxLag;
  let best = 0;
  for (let lag = 0; lag <= maxLag; lag += 1) {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let i = 0; i < n; i += 2) {
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

/** Encodes 16 kHz speech to a file with the ffmpeg CLI, the way a client's app would. */
async function encodeWith(ext: string, args: string[]): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const raw = join(dir, 'in.raw');
    const out = join(dir, `out.${ext}`);
    await writeFile(raw, pcmToBytes(speech));
    await run(ffmpeg, [
      '-loglevel',
      'error',
      '-f',
      's16le',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-i',
      raw,
      ...args,
      out,
    ]);
    return readFile(out);
  });
}

beforeAll(async () => {
  speech = await speak('Please share your screen with the team.');
});

describe('ffmpeg audio engine', () => {
  it('reports the binary and its version', () => {
    const status = engine.status();
    expect(status).toMatchObject({ engine: 'audio', adapter: 'ffmpeg', available: true });
    expect(status.detail).toMatch(/^ffmpeg \S+ \(libopus\)$/);
  });

  it.each([
    ['wav (44.1 kHz stereo)', 'wav', ['-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le'], 0.99],
    ['flac', 'flac', ['-c:a', 'flac'], 0.99],
    ['mp3', 'mp3', ['-c:a', 'libmp3lame', '-b:a', '64k'], 0.8],
    ['ogg/opus', 'ogg', ['-c:a', 'libopus', '-b:a', '32k'], 0.8],
    ['webm/opus', 'webm', ['-c:a', 'libopus', '-b:a', '32k'], 0.8],
    ['m4a with its index at the end', 'm4a', ['-c:a', 'aac', '-b:a', '64k'], 0.8],
  ])('decodes %s to 16 kHz mono', async (_label, ext, args, minSimilarity) => {
    const file = await encodeWith(ext, args);
    const pcm = await engine.decode(file);
    expect(Math.abs(pcm.length - speech.length) / 16).toBeLessThan(120); // ms of codec padding
    // ffmpeg's stereo → mono downmix is 3 dB down for identical channels; the rest keep their level.
    expect(Math.abs(20 * Math.log10(rms(pcm) / rms(speech)))).toBeLessThan(3.5);
    expect(similarity(speech, pcm)).toBeGreaterThan(minSimilarity);
  });

  it.skipIf(!fixturesPresent)(
    'decodes every format of the shared fixtures like its WAV original',
    async () => {
      const formats = fixtureFiles((f) => f.path.startsWith('formats/'));
      const original = fixtureFiles((f) => f.id === 'en-rms-03')[0];
      if (!original) throw new Error('fixture en-rms-03 missing');
      const reference = await fixturePcm(original);
      expect(formats.map((f) => f.format).sort()).toEqual(['flac', 'm4a', 'mp3', 'ogg', 'webm']);
      for (const file of formats) {
        const pcm = await engine.decode(await fixtureBytes(file));
        expect(Math.abs(pcm.length - reference.length) / 16, file.format).toBeLessThan(120);
        expect(similarity(reference, pcm), file.format).toBeGreaterThan(0.8);
      }
    },
  );

  it('decodes to another rate when asked (48 kHz for denoise)', async () => {
    const pcm = await engine.decode(await encodeWith('flac', []), { sampleRate: 48_000 });
    expect(Math.abs(pcm.length - speech.length * 3)).toBeLessThan(48 * 10);
  });

  it.each([
    ['text', Buffer.from('<html>not audio</html>')],
    ['random bytes', Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256))],
    ['a truncated m4a', Buffer.from('\0\0\0\x20ftypM4A \0\0\0\0M4A mp42isom\0\0\0\0')],
  ])('rejects %s with a clear AudioDecodeError', async (_label, bytes) => {
    const error = await engine.decode(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as AudioDecodeError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((error as Error).message).toMatch(/^Cannot decode audio: .+/);
  });

  it('refuses empty input', async () => {
    await expect(engine.decode(new Uint8Array(0))).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('stops at the decoded-size ceiling', async () => {
    const small = new FfmpegAudioEngine({ maxDecodedBytes: 16_000 });
    await expect(small.decode(await encodeWith('flac', []))).rejects.toBeInstanceOf(AudioTooLongError);
  });

  it('encodes OGG/Opus that decodes back to the same speech', async () => {
    const ogg = await engine.encodeOggOpus(speech, 16_000);
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(ogg.includes(Buffer.from('OpusHead'))).toBe(true);
    const back = await engine.decode(ogg);
    expect(Math.abs(back.length - speech.length) / 16).toBeLessThan(30);
    expect(similarity(speech, back)).toBeGreaterThan(0.8);
  });

  it('encodes M4A/AAC with the index before the data (+faststart)', async () => {
    const m4a = await engine.encodeM4a(speech, 16_000);
    expect(m4a.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(m4a.indexOf('moov')).toBeGreaterThan(0);
    expect(m4a.indexOf('moov')).toBeLessThan(m4a.indexOf('mdat'));
    const back = await engine.decode(m4a);
    expect(Math.abs(back.length - speech.length) / 16).toBeLessThan(120);
  });

  it('encodes M4A fed piece by piece (while the audio is still produced) to the same speech', async () => {
    const encoder = await engine.openM4aEncoder(16_000);
    for (let at = 0; at < speech.length; at += 16_000) {
      encoder.write(speech.slice(at, at + 16_000));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const m4a = await encoder.end();
    expect(m4a.indexOf('moov')).toBeLessThan(m4a.indexOf('mdat'));
    const back = await engine.decode(m4a);
    expect(Math.abs(back.length - speech.length) / 16).toBeLessThan(120);
    expect(similarity(speech, back)).toBeGreaterThan(0.8);
  });

  it('abandons a piece-by-piece M4A without an error escaping', async () => {
    const encoder = await engine.openM4aEncoder(16_000);
    encoder.write(speech.slice(0, 16_000));
    encoder.abort();
    // The abandoned run's failure is handled inside; waiting a moment lets any stray rejection surface.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await engine.encodeM4a(speech, 16_000);
    expect(again.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('says unavailable, and calls throw EngineUnavailableError, without a working binary', async () => {
    const missing = new FfmpegAudioEngine({ ffmpegPath: '/nonexistent/ffmpeg' });
    expect(missing.status()).toMatchObject({ available: false });
    expect(missing.status().detail).toContain('/nonexistent/ffmpeg');
    await expect(missing.decode(Buffer.from('x'))).rejects.toBeInstanceOf(EngineUnavailableError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishSentences, fixturePcm, fixturesPresent } from '../audio/fixture-audio.js';
import { concatPcm } from '../audio/pcm.js';
import { ENGLISH_SENTENCES, silence, speak } from '../audio/test-speech.js';
import { EngineUnavailableError } from '../engine.js';
import { decoderArgv, PocketsphinxSttEngine } from './pocketsphinx.adapter.js';
import { PocketsphinxDecoder } from './pocketsphinx-decoder.js';
import { DEFAULT_MODEL_DIR, loadPocketsphinx, modelPaths } from './pocketsphinx-library.js';
import { corpusWer, wordErrorRate } from './wer.js';

let engine: PocketsphinxSttEngine;
const samples: { voice: string; text: string; pcm: Int16Array }[] = [];

/**
 * The shared fixtures' English sentences 5-10 of each voice (1-4 are the STT route's, stt.routes.test.ts)
 * when present, else all ten made here.
 */
beforeAll(async () => {
  engine = await PocketsphinxSttEngine.create();
  if (fixturesPresent) {
    for (const file of englishSentences('engine')) {
      samples.push({ voice: file.voice.replace('flite:', ''), text: file.text, pcm: await fixturePcm(file) });
    }
    return;
  }
  for (const voice of ['slt', 'rms', 'awb'] as const) {
    for (const text of ENGLISH_SENTENCES) samples.push({ voice, text, pcm: await speak(text, voice) });
  }
});

afterAll(() => engine.close());

/**
 * Every sample decoded once, all at once (the decoders run in parallel), by the warm engine: the
 * word error rate is read from these, and the tests comparing another path with the batch result
 * (a cold engine, sequential decodes, a stream) compare with these rather than decode again.
 */
let batch: Promise<string[]> | undefined;
const batchTexts = () => {
  batch ??= Promise.all(samples.map(async (s) => (await engine.transcribe(s.pcm)).text));
  return batch;
};

/** One voice's sentences of 9 words and more: in a stream, two wrong words stay within 0.3 of WER. */
const longSentences = () => samples.filter((s) => s.voice === 'rms' && s.text.split(' ').length >= 9);

describe('pocketsphinx STT engine', () => {
  it('is available with the Debian model', () => {
    expect(engine.status()).toMatchObject({ engine: 'stt', adapter: 'pocketsphinx', available: true });
    expect(engine.languages).toEqual(['en']);
  });

  it('builds its first decoder on first use when created cold, and transcribes the same', async () => {
    const cold = await PocketsphinxSttEngine.create({ warm: false, maxDecoders: 1 });
    try {
      expect(cold.status().available).toBe(true);
      const sample = samples[0];
      if (!sample) throw new Error('no sample');
      expect((await cold.transcribe(sample.pcm)).text).toBe((await batchTexts())[0]);
    } finally {
      await cold.close(); // its decoder holds ~100 MB in a worker other files share
    }
  });

  it('transcribes flite English with a word error rate of at most 15%', async () => {
    const texts = await batchTexts();
    const score = corpusWer(samples.map((s, i) => ({ reference: s.text, hypothesis: texts[i] ?? '' })));
    expect(score.words).toBeGreaterThan(100);
    expect(score.wer).toBeLessThanOrEqual(0.15);
  });

  it('returns word timings inside the audio and confidences between 0 and 1', async () => {
    const sample = samples[1];
    if (!sample) throw new Error('no sample');
    const padded = concatPcm([silence(1000), sample.pcm]);
    const result = await engine.transcribe(padded);
    expect(result.language).toBe('en');
    expect(result.confidence).toBeGreaterThan(0.3);
    expect(result.confidence).toBeLessThanOrEqual(1);
    const words = result.segments.flatMap((s) => s.words ?? []);
    expect(words.map((w) => w.text).join(' ')).toBe(result.text);
    expect(words[0]?.startMs).toBeGreaterThanOrEqual(900);
    expect(words.at(-1)?.endMs).toBeLessThanOrEqual(padded.length / 16 + 10);
    for (const [i, w] of words.entries()) {
      expect(w.endMs).toBeGreaterThan(w.startMs);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(w.startMs).toBeGreaterThanOrEqual(words[i - 1]?.endMs ?? 0);
    }
  });

  it('gives an empty result with zero confidence for silence', async () => {
    const result = await engine.transcribe(silence(2000));
    expect(result.text).toBe('');
    expect(result.confidence).toBe(0);
    expect(result.segments).toEqual([]);
  });

  it('still transcribes English when the hints name other languages, and says so', async () => {
    const sample = samples[0];
    if (!sample) throw new Error('no sample');
    const other = await engine.transcribe(sample.pcm, { languageHints: ['fr', 'de'] });
    expect(other.hintHonoured).toBe(false);
    expect(other.language).toBe('en');
    expect(other.text.length).toBeGreaterThan(0);
    expect((await engine.transcribe(sample.pcm, { languageHints: ['en-US'] })).hintHonoured).toBe(true);
    expect((await engine.transcribe(sample.pcm)).hintHonoured).toBeUndefined();
  });

  it('gives the same results when decodes run in parallel', async () => {
    const some = samples.slice(0, 4);
    const sequential = [];
    for (const s of some) sequential.push((await engine.transcribe(s.pcm)).text);
    expect((await batchTexts()).slice(0, 4)).toEqual(sequential);
  });

  it('streams: interim hypotheses grow, and the final matches the batch result', async () => {
    const [sample] = longSentences();
    if (!sample) throw new Error('no sample');
    const stream = await engine.openStream();
    const interims: string[] = [];
    for (let at = 0; at < sample.pcm.length; at += 320) {
      await stream.write(sample.pcm.subarray(at, at + 320));
      if ((at / 320) % 25 === 24) interims.push(await stream.partial());
    }
    const final = await stream.finalize();
    await stream.close();
    const words = interims.map((t) => t.split(' ').filter(Boolean).length);
    expect(words.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
    expect(words.at(-1)).toBeGreaterThan(words.find((n) => n > 0) ?? 0);
    const batchText = (await batchTexts())[samples.indexOf(sample)] ?? '';
    expect(wordErrorRate(batchText, final.text).wer).toBeLessThanOrEqual(0.25);
    expect(wordErrorRate(sample.text, final.text).wer).toBeLessThanOrEqual(0.25);
  });

  it('streams several utterances, with times measured from the start of the stream', async () => {
    const [a, b] = longSentences();
    if (!a || !b) throw new Error('no samples');
    const stream = await engine.openStream();
    await stream.write(a.pcm);
    const first = await stream.finalize();
    expect(await stream.partial()).toBe('');
    await stream.write(silence(500));
    await stream.write(b.pcm);
    const second = await stream.finalize();
    await stream.close();
    expect(wordErrorRate(a.text, first.text).wer).toBeLessThanOrEqual(0.3);
    expect(wordErrorRate(b.text, second.text).wer).toBeLessThanOrEqual(0.3);
    expect(second.segments[0]?.startMs).toBeGreaterThanOrEqual(a.pcm.length / 16 + 400);
    expect((await stream.finalize().catch(() => undefined))?.text ?? '').toBe('');
  });

  it('learns unknown context keywords for that call only', async () => {
    const pcm = await speak('We deploy the service on Kubernetes every week.', 'rms');
    const plain = await engine.transcribe(pcm);
    expect(plain.text).not.toContain('kubernetes');
    const biased = await engine.transcribe(pcm, { contextKeywords: ['Kubernetes', 'meeting'] });
    expect(biased.keywordsAdded).toEqual(['kubernetes']);
    expect(biased.text).toContain('kubernetes');
    // The shared decoders never learned it: another caller's transcript is unchanged.
    expect((await engine.transcribe(pcm)).text).toBe(plain.text);
    const known = await engine.transcribe(pcm, { contextKeywords: ['service', 'week'] });
    expect(known.keywordsAdded).toBeUndefined();
    const stream = await engine.openStream({ contextKeywords: ['Kubernetes'] });
    await stream.write(pcm);
    const streamed = await stream.finalize();
    await stream.close();
    expect(streamed.text).toContain('kubernetes');
  });

  it('keeps word times relative to each call after its decoder has streamed', async () => {
    const [a, b] = samples;
    if (!a || !b) throw new Error('no samples');
    const single = await PocketsphinxSttEngine.create({ maxDecoders: 1 });
    try {
      const before = await single.transcribe(b.pcm);
      const stream = await single.openStream();
      for (let at = 0; at < a.pcm.length; at += 320) await stream.write(a.pcm.subarray(at, at + 320));
      const streamed = await stream.finalize();
      await stream.close();
      const after = await single.transcribe(b.pcm);
      expect(streamed.segments[0]?.startMs).toBeLessThan(500);
      expect(
        Math.abs((after.segments[0]?.startMs ?? 0) - (before.segments[0]?.startMs ?? 0)),
      ).toBeLessThanOrEqual(50);
      expect(after.segments[0]?.endMs).toBeLessThanOrEqual(b.pcm.length / 16 + 10);
    } finally {
      await single.close();
    }
  });

  it('reports a missing model or library as unavailable, and calls throw EngineUnavailableError', async () => {
    const noModel = await PocketsphinxSttEngine.create({ modelDir: '/nonexistent/model' });
    expect(noModel.status()).toMatchObject({ available: false });
    expect(noModel.status().detail).toMatch(/model files missing/);
    await expect(noModel.transcribe(silence(100))).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(noModel.openStream()).rejects.toBeInstanceOf(EngineUnavailableError);
    const noLib = await PocketsphinxSttEngine.create({
      libraries: { pocketsphinx: 'libpocketsphinx-missing.so.9' },
    });
    expect(noLib.status()).toMatchObject({ available: false });
    expect(noLib.status().detail).toMatch(/library not loadable/);
  });
});

// A decoder built while others decode must leave sphinxbase's one global log file alone: replacing
// it (`-logfn`) fcloses the file other worker threads write to, and the process aborted in free().
describe('pocketsphinx decoders and the library log', () => {
  it('builds a decoder without opening a global log file', async () => {
    const lib = loadPocketsphinx();
    expect(lib.loggingOff()).toBe(true);
    const decoder = await PocketsphinxDecoder.create(lib, decoderArgv(modelPaths(DEFAULT_MODEL_DIR)));
    await decoder.free();
    expect(lib.loggingOff()).toBe(true);
  });
});

import { TTS_LANGUAGES } from '@parley/schemas/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { spokenCharacters, TTS_SENTENCES } from '../../../test-support/tts-sentences.js';
import { FfmpegAudioEngine } from '../audio/ffmpeg-audio.adapter.js';
import { createFastTextLangId } from '../langid/fasttext-langid.adapter.js';
import { EspeakTtsEngine, escapeSsml, splitForSpeech } from './espeak-tts.adapter.js';
import { ESPEAK_SAMPLE_RATE, type EspeakWorker, loadEspeak } from './espeak-wasm.loader.js';
import { kakasiReader } from './kana-reading.js';
import { opusChannelCount } from './openai-tts.adapter.js';

const audio = new FfmpegAudioEngine();
const langid = createFastTextLangId();
const tts = new EspeakTtsEngine({ audio, langid });
const seconds = (pcm: Int16Array) => pcm.length / ESPEAK_SAMPLE_RATE;

describe('espeak-ng WASM text-to-speech', () => {
  beforeAll(() => langid.load());

  it('speaks every one of the spec’s 57 TTS languages with a voice espeak-ng accepts', async () => {
    expect(TTS_LANGUAGES).toHaveLength(57);
    const voices = new Map<string, string>();
    for (const language of TTS_LANGUAGES) {
      const spoken = await tts.synthesizePcm('1, 2, 3. Test.', language);
      expect(spoken.language).toBe(language);
      expect(seconds(spoken.pcm), language).toBeGreaterThan(0.5);
      voices.set(language, spoken.voice);
    }
    expect(voices.get('zh')).toBe('cmn');
    expect(voices.get('no')).toBe('nb');
    // Each voice's data is read on its first use (~0.1 s, more on a busy machine): 57 of them.
  });

  // The same two sentences in every language: read letter by letter, or with "Chinese letter" for
  // each kanji (11.4 s for the Japanese one), they come out far too long; cut short, far too short.
  it('speaks the same two sentences in every offered language in a plausible time', async () => {
    const implausible: string[] = [];
    for (const language of TTS_LANGUAGES) {
      const text = TTS_SENTENCES[language];
      const spoken = await tts.synthesizePcm(text, language);
      const rate = spokenCharacters(text) / seconds(spoken.pcm);
      // Han, kana and Hangul characters are a syllable each; alphabets and abugidas a sound or so.
      const [slowest, fastest] = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Hangul}]/u.test(text)
        ? [2.5, 10]
        : [6, 25];
      if (seconds(spoken.pcm) < 1.8 || seconds(spoken.pcm) > 6.5 || rate < slowest || rate > fastest)
        implausible.push(`${language}: ${seconds(spoken.pcm).toFixed(1)} s, ${rate.toFixed(1)} characters/s`);
    }
    expect(implausible).toEqual([]);
  }, 120_000);

  it('reads Japanese kanji through their kana reading, and refuses them without one', async () => {
    const withKana = await tts.synthesizePcm(TTS_SENTENCES.ja, 'ja');
    expect(seconds(withKana.pcm)).toBeLessThan(6.5);
    const noReader = new EspeakTtsEngine({ audio, langid, kana: () => kakasiReader('/nonexistent/kakasi') });
    await expect(noReader.synthesizePcm(TTS_SENTENCES.ja, 'ja')).rejects.toMatchObject({
      name: 'EngineUnavailableError',
      message: expect.stringContaining('install the Debian package kakasi'),
    });
    // Kana-only Japanese needs no reading.
    expect((await noReader.synthesizePcm('こんにちは。', 'ja')).voice).toBe('ja');
  });

  it('speaks Galician and Tagalog with the documented fallback voices and says so', async () => {
    expect(await tts.synthesizePcm('Bo día a todos.', 'gl')).toMatchObject({
      voice: 'pt',
      fallbackFrom: 'gl',
    });
    expect(await tts.synthesizePcm('Magandang umaga sa inyong lahat.', 'tl')).toMatchObject({
      voice: 'id',
      fallbackFrom: 'tl',
    });
  });

  it('detects the language from the text when none is given', async () => {
    expect(await tts.synthesizePcm('Das Treffen beginnt morgen früh um neun Uhr.')).toMatchObject({
      language: 'de',
      voice: 'de',
    });
    expect(await tts.synthesizePcm('我们明天上午九点开会，请准时参加。')).toMatchObject({
      language: 'zh',
      voice: 'cmn',
    });
    expect((await tts.synthesizePcm('2024')).language).toBe('en');
  });

  it('actually switches voices: the same text differs between languages', async () => {
    const de = await tts.synthesizePcm('Hallo Anna, bis morgen.', 'de');
    const fr = await tts.synthesizePcm('Hallo Anna, bis morgen.', 'fr');
    expect(de.pcm.length).not.toBe(fr.pcm.length);
  });

  it('accepts region tags and aliases, refuses a language it has no voice for', async () => {
    expect((await tts.synthesizePcm('Good morning.', 'en-US')).voice).toBe('en');
    expect((await tts.synthesizePcm('God morgen.', 'nb')).voice).toBe('nb');
    await expect(tts.synthesizePcm('Bonjour.', 'xx')).rejects.toMatchObject({ name: 'TtsInputError' });
    await expect(tts.synthesizePcm('  \n ')).rejects.toMatchObject({ name: 'TtsInputError' });
  });

  it('reads markup as text: a <break> in user text does not become minutes of silence', async () => {
    const spoken = await tts.synthesizePcm('Wait <break time="60s"/> here.', 'en');
    expect(seconds(spoken.pcm)).toBeLessThan(10);
  });

  it('produces single-channel OGG/Opus that decodes to the synthesized duration', async () => {
    const text = 'Good morning everyone, let us start the meeting.';
    const pcm = await tts.synthesizePcm(text, 'en');
    const result = await tts.synthesize({ text, language: 'en' });
    expect(result).toMatchObject({ contentType: 'audio/ogg', language: 'en', voice: 'en' });
    expect(opusChannelCount(result.audio)).toBe(1);
    const decoded = await audio.decode(result.audio, { sampleRate: 16_000 });
    expect(Math.abs(decoded.length / 16_000 - seconds(pcm.pcm))).toBeLessThan(0.1);
  });

  it('reports itself available with its languages', () => {
    expect(tts.status()).toMatchObject({ engine: 'tts', adapter: 'espeak-ng-wasm', available: true });
  });
});

describe('espeak-ng voice selection failures', () => {
  it('fails loudly when set_voice reports an error instead of speaking with the previous voice', async () => {
    const real = await loadEspeak();
    const refusing: EspeakWorker = {
      set_voice: () => 2,
      synthesize: (text, callback) => real.synthesize(text, callback),
      list_voices: () => [],
      samplerate: ESPEAK_SAMPLE_RATE,
    };
    const engine = new EspeakTtsEngine({ audio, langid, load: async () => refusing });
    await expect(engine.synthesizePcm('Hello.', 'en')).rejects.toMatchObject({
      name: 'EngineFailedError',
      message: expect.stringContaining('cannot select voice en (status 2)'),
    });
  });

  it('is unavailable when the WASM runtime cannot load', async () => {
    const engine = new EspeakTtsEngine({
      audio,
      langid,
      load: () => Promise.reject(new Error('no data file')),
    });
    await expect(engine.synthesizePcm('Hello.', 'en')).rejects.toMatchObject({
      name: 'EngineUnavailableError',
    });
    expect(engine.status()).toMatchObject({
      available: false,
      detail: expect.stringContaining('no data file'),
    });
  });
});

describe('text preparation', () => {
  it('escapes SSML so user text cannot inject tags', () => {
    expect(escapeSsml('a < b & <break time="9s"/>')).toBe('a &lt; b &amp; &lt;break time="9s"/&gt;');
  });

  it('splits at sentences and line breaks, cuts very long sentences at spaces, drops blank parts', () => {
    expect(splitForSpeech('One. Two!\n\nThree?  ...')).toEqual(['One.', 'Two!', 'Three?']);
    expect(splitForSpeech('会議です。明日です。')).toEqual(['会議です。', '明日です。']);
    const long = splitForSpeech(`${'word '.repeat(200)}end.`);
    expect(long.length).toBeGreaterThan(1);
    expect(long.every((s) => s.length <= 400)).toBe(true);
    expect(long.join(' ')).toBe(`${'word '.repeat(200)}end.`.replace(/\s+/g, ' '));
  });
});

import { describe, expect, it } from 'vitest';
import { FfmpegAudioEngine } from '../audio/ffmpeg-audio.adapter.js';
import { createFastTextLangId } from '../langid/fasttext-langid.adapter.js';
import { PocketsphinxSttEngine } from '../stt/pocketsphinx.adapter.js';
import { wordErrorRate } from '../stt/wer.js';
import { EspeakTtsEngine } from './espeak-tts.adapter.js';
import { FLITE_ADAPTER, FliteEnglishTtsEngine } from './flite-tts.adapter.js';
import { opusChannelCount } from './openai-tts.adapter.js';

// English through flite, everything else (and English without flite) through espeak-ng.

const audio = new FfmpegAudioEngine();
const espeak = new EspeakTtsEngine({ audio, langid: createFastTextLangId() });
const tts = new FliteEnglishTtsEngine({ audio, espeak });

describe('flite + espeak-ng TTS', () => {
  it('speaks detected English with flite as mono OGG/Opus that pocketsphinx understands', async () => {
    const text = 'Please send me the notes after the call.';
    const result = await tts.synthesize({ text });
    expect(result).toMatchObject({ language: 'en', voice: 'flite:slt', contentType: 'audio/ogg' });
    expect(result.audio.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(opusChannelCount(result.audio)).toBe(1);
    const stt = await PocketsphinxSttEngine.create({ warm: false });
    try {
      const heard = await stt.transcribe(await audio.decode(result.audio), { languageHints: ['en'] });
      expect(wordErrorRate(text, heard.text).wer).toBeLessThanOrEqual(0.25);
    } finally {
      await stt.close();
    }
    expect(tts.status()).toMatchObject({ adapter: FLITE_ADAPTER, available: true });
  });

  it('hands other languages, and text with nothing to say, to espeak-ng', async () => {
    const german = await tts.synthesize({ text: 'Wir sehen uns morgen im Büro, vielen Dank.' });
    expect(german).toMatchObject({ language: 'de', voice: 'de' });
    await expect(tts.synthesize({ text: '… !!! …' })).rejects.toThrow('Text has nothing to speak');
  });

  it('falls back to espeak-ng for English when flite is missing, and says so in its status', async () => {
    const without = new FliteEnglishTtsEngine({ audio, espeak, binary: '/nonexistent/flite' });
    expect(without.status()).toMatchObject({ adapter: 'espeak-ng-wasm', available: true });
    expect(without.status().detail).toContain('flite');
    const result = await without.synthesize({ text: 'Good morning everyone.', language: 'en' });
    expect(result.voice).not.toContain('flite');
  });
});

// Local TTS latency per sentence: espeak-ng synthesis, then OGG/Opus encoding, then both together
// (what POST /v1/tts spends before storage). Target: ≤ 300 ms per sentence.
// Run: npx tsx server/bench/tts.bench.ts [-- --rounds N]   (bench:speech imports measureTtsEngine)

import { FfmpegAudioEngine } from '../src/engines/audio/ffmpeg-audio.adapter.js';
import { createFastTextLangId } from '../src/engines/langid/fasttext-langid.adapter.js';
import { EspeakTtsEngine } from '../src/engines/tts/espeak-tts.adapter.js';
import { describeSpread, isEntry, numberOption, type Spread, spread } from './bench-kit.js';

/** Meeting-length sentences in 9 languages; the same set goes through POST /v1/tts in bench:speech. */
export const TTS_SENTENCES: [string, string][] = [
  ['en', 'Good morning everyone, let us start the meeting.'],
  ['en', 'We need to finish the report by Friday.'],
  ['en', 'Please share your screen with the team.'],
  ['de', 'Das Treffen beginnt morgen früh um neun Uhr.'],
  ['fr', 'Merci à tous d’être venus aujourd’hui.'],
  ['es', 'Por favor, envíame las diapositivas antes del almuerzo.'],
  ['ja', '会議は明日の朝九時に始まります。'],
  ['zh', '我们明天上午九点开会，请准时参加。'],
  ['ru', 'Пожалуйста, пришли мне слайды до обеда.'],
  ['ar', 'يبدأ الاجتماع غدا في الساعة التاسعة صباحا.'],
];

export interface TtsEngineFigures {
  loadMs: number;
  /**
   * Each sentence's first time in this process (with detection): espeak-ng reads a voice's data on
   * its first use, ~0.1–0.4 s once per voice and process; every later sentence is steady state.
   */
  cold: Spread;
  synth: Spread;
  encode: Spread;
  /** Synthesis + encode with the language given. */
  total: Spread;
  /** What the service calls: language detection, synthesis and encode. */
  detected: Spread;
  /** Seconds of speech per second of synthesis (encode excluded). */
  synthSpeed: number;
}

export async function measureTtsEngine(rounds = 5): Promise<TtsEngineFigures> {
  const audio = new FfmpegAudioEngine();
  const langid = createFastTextLangId();
  const tts = new EspeakTtsEngine({ audio, langid });

  const loadStart = performance.now();
  await langid.load();
  await tts.synthesize({ text: 'Warm up.' });
  const loadMs = performance.now() - loadStart;
  const cold: number[] = [];
  for (const [, text] of TTS_SENTENCES) {
    const t0 = performance.now();
    await tts.synthesize({ text });
    cold.push(performance.now() - t0);
  }

  const synth: number[] = [];
  const encode: number[] = [];
  const total: number[] = [];
  const detected: number[] = [];
  let audioSeconds = 0;
  for (let round = 0; round < rounds; round++) {
    for (const [language, text] of TTS_SENTENCES) {
      const t0 = performance.now();
      const spoken = await tts.synthesizePcm(text, language);
      const t1 = performance.now();
      await audio.encodeOggOpus(spoken.pcm, spoken.sampleRate);
      const t2 = performance.now();
      await tts.synthesize({ text });
      detected.push(performance.now() - t2);
      synth.push(t1 - t0);
      encode.push(t2 - t1);
      total.push(t2 - t0);
      audioSeconds += spoken.pcm.length / spoken.sampleRate;
    }
  }
  const synthSeconds = synth.reduce((a, b) => a + b, 0) / 1000;
  return {
    loadMs,
    cold: spread(cold),
    synth: spread(synth),
    encode: spread(encode),
    total: spread(total),
    detected: spread(detected),
    synthSpeed: audioSeconds / synthSeconds,
  };
}

async function main(): Promise<void> {
  const rounds = numberOption('rounds', 5);
  const f = await measureTtsEngine(rounds);
  console.log(`load (fastText + espeak-ng, first sentence): ${f.loadMs.toFixed(0)} ms`);
  console.log(`first use of each voice:    ${describeSpread(f.cold)}`);
  console.log(`sentences: ${f.total.n} (${TTS_SENTENCES.length} in 9 languages × ${rounds})`);
  console.log(`espeak-ng synthesis:        ${describeSpread(f.synth)}`);
  console.log(`OGG/Opus encode:            ${describeSpread(f.encode)}`);
  console.log(`synthesis + encode:         ${describeSpread(f.total)}`);
  console.log(`with language detection:    ${describeSpread(f.detected)}`);
  console.log(`synthesis speed: ${f.synthSpeed.toFixed(1)}× real time`);
}

if (isEntry(import.meta.url)) await main();

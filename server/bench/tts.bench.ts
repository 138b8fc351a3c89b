// Local TTS latency per sentence: espeak-ng synthesis, then OGG/Opus encoding, then both together
// (what POST /v1/tts spends before storage). Target: ≤ 300 ms per sentence.
// Run: npx tsx server/bench/tts.bench.ts

import { FfmpegAudioEngine } from '../src/engines/audio/ffmpeg-audio.adapter.js';
import { createFastTextLangId } from '../src/engines/langid/fasttext-langid.adapter.js';
import { EspeakTtsEngine } from '../src/engines/tts/espeak-tts.adapter.js';

const SENTENCES: [string, string][] = [
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
const ROUNDS = 5;

const audio = new FfmpegAudioEngine();
const langid = createFastTextLangId();
const tts = new EspeakTtsEngine({ audio, langid });

const loadStart = performance.now();
await langid.load();
await tts.synthesizePcm('Warm up.', 'en');
console.log(`load (fastText + espeak-ng, first sentence): ${(performance.now() - loadStart).toFixed(0)} ms`);

const synth: number[] = [];
const encode: number[] = [];
const total: number[] = [];
const detected: number[] = [];
let audioSeconds = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [language, text] of SENTENCES) {
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

const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`;
};
console.log(`sentences: ${total.length} (${SENTENCES.length} in 9 languages × ${ROUNDS})`);
console.log(`espeak-ng synthesis:        ${stat(synth)}`);
console.log(`OGG/Opus encode (ffmpeg):   ${stat(encode)}`);
console.log(`synthesis + encode:         ${stat(total)}`);
console.log(`with language detection:    ${stat(detected)}`);
const synthSeconds = synth.reduce((a, b) => a + b, 0) / 1000;
console.log(`synthesis speed: ${(audioSeconds / synthSeconds).toFixed(1)}× real time`);

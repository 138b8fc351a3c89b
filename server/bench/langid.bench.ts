// Language identification: model load time (cold, this process), accuracy on the sentence set the
// test uses, and time per detection.
// Run: npx tsx server/bench/langid.bench.ts

import { createFastTextLangId } from '../src/engines/langid/fasttext-langid.adapter.js';
import { langidSentences } from '../src/engines/langid/langid-sentences.js';

const langid = createFastTextLangId();
await langid.load();
console.log(`lid.176 load (WASM runtime + model): ${langid.loadMs()} ms`);

const sentences = langidSentences();
const wrong: string[] = [];
const t0 = performance.now();
for (const s of sentences) {
  const got = await langid.detect(s.text);
  if (got.language !== s.language) wrong.push(`  ${s.language} → ${got.language}: ${s.text}`);
}
const perDetect = (performance.now() - t0) / sentences.length;
const languages = new Set(sentences.map((s) => s.language)).size;
const correct = sentences.length - wrong.length;
console.log(
  `accuracy: ${correct}/${sentences.length} = ${((100 * correct) / sentences.length).toFixed(1)}% over ${languages} languages`,
);
if (wrong.length > 0) console.log(`misses:\n${wrong.join('\n')}`);
console.log(`detect: ${perDetect.toFixed(2)} ms per sentence`);

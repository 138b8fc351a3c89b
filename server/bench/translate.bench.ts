// Local translation (Apertium): quality per pair on the project's parallel set and latency on the
// warm pool, each beside a baseline measured in the same run.
//   - chrF of each pair's translations of fixtures/json/translate-sentences.json against the
//     reference, next to chrF of the untranslated source (the identity baseline: what a translator
//     that did nothing would score, high between close languages).
//   - p50/p95 of a sentence and of a 10,000-character Markdown document, into one and ten targets.
//   - Translated transcripts: from a final utterance stored to its texts stored (the queue), p50/p95.
// Run: npm run bench:translate -w server  (option: --runs N, default 40)

import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createFastTextLangId } from '../src/engines/langid/fasttext-langid.adapter.js';
import type { LiveSessionRecorder } from '../src/engines/stt/live-stt.contract.js';
import {
  apertiumInstallHint,
  createApertiumRunTranslator,
} from '../src/engines/translate/apertium.backend.js';
import { createTranslator } from '../src/engines/translate/translator.js';
import { startTestServer } from '../test-support/test-server.js';
import { describeSpread, numberOption, spread } from './bench-kit.js';
import { chrf } from './chrf.js';

interface ParallelSet {
  languages: string[];
  sentences: Record<string, string>[];
}

const RUNS = numberOption('runs', 40);
const set = JSON.parse(
  readFileSync(new URL('../../fixtures/json/translate-sentences.json', import.meta.url), 'utf8'),
) as ParallelSet;
const column = (language: string) => set.sentences.map((s) => s[language] ?? '');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const backend = createApertiumRunTranslator();
if (!backend) throw new Error(`No Apertium pair installed: ${apertiumInstallHint()}`);
const engine = createTranslator(backend, createFastTextLangId());
console.log(`load average at start: ${load()}`);

// Every pair the server offers between the set's languages: direct modes and pivoted routes alike.
// The sentences are held out: no rule, list or threshold of the translation code was chosen by them.
const pairs = new Map<string, [string, string]>();
for (const source of set.languages) {
  for (const target of set.languages) {
    if (source !== target && backend.graph.route(source, target))
      pairs.set(`${source}>${target}`, [source, target]);
  }
}

console.log(
  '\nchrF on %d sentences per pair (identity = the untranslated source against the reference)',
  set.sentences.length,
);
console.log('pair      via      chrF  identity  gain');
for (const [source, target] of [...pairs.values()].sort()) {
  const sources = column(source);
  const out: string[] = [];
  for (const text of sources) {
    const result = await engine.translate({ text, targets: [target], source });
    out.push(result.translations[0]?.text ?? '');
  }
  const via = backend.reach?.route(source, target)?.join('+') || '-';
  const score = chrf(out, column(target));
  const identity = chrf(sources, column(target));
  console.log(
    `${`${source}→${target}`.padEnd(9)} ${via.padEnd(7)} ${score.toFixed(1).padStart(5)}  ${identity.toFixed(1).padStart(8)}  ${(score - identity).toFixed(1).padStart(5)}`,
  );
}

const TEN = ['es', 'fr', 'pt', 'it', 'ca', 'gl', 'sr', 'hr', 'bs', 'en'];
const english = column('en');
let doc = '# Weekly planning meeting\n\n';
for (let i = 0; doc.length < 10_000; i++) {
  const s = english[i % english.length] ?? '';
  doc += i % 6 === 0 ? `## Topic ${i / 6 + 1}\n\n` : '';
  doc += i % 3 === 0 ? `- **${s}**\n` : `${s} See [the plan](https://example.com/plan/${i}).\n\n`;
}
doc = doc.slice(0, 10_000);

async function timed(label: string, runs: number, work: (i: number) => Promise<unknown>) {
  await work(0); // warm: pipelines started, langid not involved (sources are given)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work(i);
    times.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(44)} ${describeSpread(spread(times))}`);
}

console.log(`\nlatency on the warm pool (load average ${load()})`);
await timed('sentence → es (direct)', RUNS, (i) =>
  engine.translate({ text: english[i % english.length] ?? '', targets: ['es'], source: 'en' }),
);
await timed('sentence → fr (pivot through es)', RUNS, (i) =>
  engine.translate({ text: english[i % english.length] ?? '', targets: ['fr'], source: 'en' }),
);
await timed('sentence → ten targets', RUNS, (i) =>
  engine.translate({ text: english[i % english.length] ?? '', targets: TEN, source: 'en' }),
);
await timed(`document (${doc.length} chars) → es`, Math.max(3, RUNS / 8), () =>
  engine.translate({ text: doc, targets: ['es'], source: 'en' }),
);
await timed(`document (${doc.length} chars) → ten targets`, Math.max(3, RUNS / 16), () =>
  engine.translate({ text: doc, targets: TEN, source: 'en' }),
);

// Transcripts: a meeting in es and fr; each final is stored, then the queue's texts land.
const server = await startTestServer({ serviceDeps: { translate: engine } });
const host = await server.user('Host');
await server.call('update-user-default-meeting-setting', host.key, { translation_languages: ['es', 'fr'] });
const meetingId = (await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {})).body
  .meeting.id;
const caller = await server.services.accounts.authenticate(host.key);
if (!caller) throw new Error('bench user has no caller');
const recorder = (await server.services.liveResults.openSession({
  sessionId: 'bench',
  caller,
  meetingId,
  format: 'json',
  encoding: 'pcm16',
  reduceNoise: false,
  languageHints: ['en'],
  contextKeywords: [],
  enableDiarization: false,
  startedAtMicros: Date.now() * 1000,
})) as LiveSessionRecorder;
const finalToTexts: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const text = english[i % english.length] ?? '';
  await recorder.onFinal({
    id: `u${i}`,
    text,
    startMs: i * 3000,
    endMs: i * 3000 + 2500,
    confidence: 0.9,
    language: 'en',
  });
  const t0 = performance.now();
  await server.services.transcriptTranslation.idle();
  finalToTexts.push(performance.now() - t0);
}
const last = await server.store.transcription.getUtterance(meetingId, `u${RUNS - 1}`);
if (last?.texts.es === undefined) throw new Error('the last utterance has no Spanish text');
console.log(`${'final stored → texts stored (es + fr)'.padEnd(44)} ${describeSpread(spread(finalToTexts))}`);
console.log(`\nload average at end: ${load()}`);
await server.close();
engine.close?.();

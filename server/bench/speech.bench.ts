// bench:speech — the speech figures of issue 4 in one run, with their aims: file STT real-time
// factor, TTS latency per sentence, denoise × real time (engine and through POST /v1/denoise), and
// live STT under N concurrent real-time sessions next to a bare `ws` server, stepping N up to find
// the most sessions this machine holds at real time. Parts run one after another, never together.
// Run: flock /tmp/parley-bench.lock npm run bench:speech [-- flags]   (~4 min; --quick ~2 min)
// Flags [defaults]: --quick (6 s clip, 1 round, ladder only up to the reference level);
// --seconds N live clip [10]; --ladder a,b,… session counts to step through [1,2,4,6,8,10,12,16];
// --max-level N top of the ladder [16]; --sessions N reference level of the per-stream figures
// [the server's session cap: 3 per core]; --decoders N live decoders [one per session, as the
// server builds them]; --bare-sessions N [100]; --rounds N repeats of the file STT, TTS and denoise
// request sets [3]; --skip stt,real,tts,denoise,live,turns; --budget S stops the run after S seconds
// [900]. `real`: the local file STT and speakers on real recordings (fixtures/recordings);
// --real-clips N per language [5; 2 with --quick]: each clip is ~8 s of audio, minutes in all on a
// busy machine. --turn-sessions a,b concurrent streams of the per-turn figures [1,4]; --rules
// before,now [both]; --try '{"endpointSilenceMs":300}' adds a rule with those live limits;
// --fixtures id,… [live-turns.ts].

import { availableParallelism, loadavg } from 'node:os';
import { DEFAULT_LIVE_STT_LIMITS } from '../src/engines/stt/live-stt.limits.js';
import { isEntry, numberOption, option } from './bench-kit.js';
import { measureDenoiseEngine } from './denoise.bench.js';
import { levelRow } from './live-stream.bench.js';
import { benchClip, type LevelResult, runLevel, stepUp } from './live-stream.levels.js';
import { measureRules, rulesFromOptions } from './live-turns.bench.js';
import { loadClips, TURN_FIXTURES, type TurnLevel, turnRow } from './live-turns.js';
import { measureEndpointWork } from './live-turns.work.js';
import { measureRealSpeech } from './real-speech.bench.js';
import { printSummary, type SummaryRow, type Verdict } from './speech.summary.js';
import { measureSpeechHttp } from './speech-http.bench.js';
import { measureFileSttEngine } from './stt.bench.js';
import { measureTtsEngine } from './tts.bench.js';

/** The issue's aims. */
const AIM = {
  finishedP95Ms: 1000,
  denoiseSpeed: 25,
  ttsP95Ms: 300,
  finalP95Ms: 300,
  firstInterimP95Ms: 300,
} as const;
/** Part of "held at real time" (live-stream.levels.ts): a lone session's first interim is ~0.75 s. */
const FIRST_INTERIM_BOUND_MS = 2000;

const quick = process.argv.includes('--quick');
const skip = new Set(option('skip', '').split(',').filter(Boolean));
const rounds = numberOption('rounds', quick ? 1 : 3);
const seconds = numberOption('seconds', quick ? 6 : 10);
/** The server's session cap on this machine: the level the per-stream figures are read at. */
const defaultCap = DEFAULT_LIVE_STT_LIMITS.maxSessions;
const reference = numberOption('sessions', defaultCap);
const maxLevel = numberOption('max-level', quick ? reference : 16);
const ladder = [...new Set([...option('ladder', '1,2,4,6,8,10,12,16').split(',').map(Number), reference])]
  .filter((n) => n > 0 && n <= Math.max(maxLevel, reference))
  .sort((a, b) => a - b);
const decodersFor = (sessions: number) => numberOption('decoders', Math.min(sessions, 32));
const bareSessions = numberOption('bare-sessions', quick ? 30 : 100);
const budgetS = numberOption('budget', quick ? 360 : 900);
const turnSessions = option('turn-sessions', quick ? '1' : '1,4')
  .split(',')
  .map(Number);
const turnFixtures = option('fixtures', TURN_FIXTURES.join(',')).split(',');

const ms = (v: number | undefined) => (v === undefined ? '-' : `${Math.round(v)} ms`);
const atMost = (v: number | undefined, aim: number): Verdict =>
  v === undefined || Number.isNaN(v) ? 'miss' : v <= aim ? 'pass' : 'miss';
const atLeast = (v: number, aim: number): Verdict => (v >= aim ? 'pass' : 'miss');
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  process.stdout.write(`… ${label}`);
  const value = await run();
  process.stdout.write(` (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
  return value;
}

async function main(): Promise<void> {
  setTimeout(() => {
    console.error(`\nbench:speech: over its ${budgetS} s budget; stopping (see --budget, --quick)`);
    process.exit(1);
  }, budgetS * 1000).unref();
  const started = performance.now();
  console.log(`bench:speech on ${availableParallelism()} cores, load average ${load()} (1, 5, 15 min)`);
  const rows: SummaryRow[] = [];

  if (!skip.has('stt')) {
    const engine = await step('file STT, engine', () => measureFileSttEngine());
    rows.push({
      figure: `STT real-time factor, file (engine: VAD + STT + speakers, ${engine.audioSeconds.toFixed(0)} s)`,
      measured: `${engine.rtf.toFixed(3)} (CPU ${engine.cpuRtf.toFixed(3)}; WER ${(engine.wer * 100).toFixed(1)} %)`,
    });
  }
  if (!skip.has('real')) {
    const real = await step('file STT and speakers on real recordings', () =>
      measureRealSpeech(numberOption('real-clips', quick ? 2 : 5)),
    );
    for (const row of real.languages) {
      rows.push({
        figure: `Real ${row.language} speech, no hint (${row.clips} telephone clips): language named, confidence`,
        measured: `${row.named}; mean ${row.meanConfidence.toFixed(2)}${row.language === 'en' ? `; WER ${(row.wer * 100).toFixed(1)} %` : ''}`,
        aim: 'no confident wrong language',
        verdict: row.confidentWrong === 0 ? 'pass' : 'miss',
      });
    }
    rows.push(
      {
        figure: 'Real speech, one speaker (5 clips in a row): speaker labels',
        measured: String(real.oneSpeakerLabels),
        aim: '1',
        verdict: real.oneSpeakerLabels === 1 ? 'pass' : 'miss',
      },
      {
        figure: 'Real speech, two speakers alternating (6 turns): speech time with the right label',
        measured: `${(real.twoSpeakerAccuracy * 100).toFixed(0)} % (${real.twoSpeakerLabels} labels)`,
        aim: '≥ 85 %',
        verdict: real.twoSpeakerAccuracy >= 0.85 ? 'pass' : 'miss',
      },
    );
  }
  if (!skip.has('tts')) {
    const tts = await step('TTS, engine', () => measureTtsEngine(rounds));
    rows.push(
      {
        figure: `TTS per sentence, engine (detect + espeak-ng + OGG/Opus, ${tts.detected.n} sentences)`,
        measured: `p50 ${ms(tts.detected.p50)}, p95 ${ms(tts.detected.p95)}`,
        aim: `p95 ≤ ${AIM.ttsP95Ms} ms`,
        verdict: atMost(tts.detected.p95, AIM.ttsP95Ms),
      },
      {
        figure: "TTS, a language's first sentence in the process (voice data read once)",
        measured: `p50 ${ms(tts.cold.p50)}, max ${ms(tts.cold.max)}`,
      },
    );
  }
  if (!skip.has('denoise')) {
    const denoise = await step('denoise, engine', () => measureDenoiseEngine());
    rows.push({
      figure: `Denoise, engine only (48 kHz file path, ${denoise.audioSeconds.toFixed(0)} s)`,
      measured: `${denoise.file48.toFixed(1)}× real time (${denoise.file48Cpu.toFixed(1)}× per CPU s)`,
    });
  }
  if (!skip.has('stt') || !skip.has('tts') || !skip.has('denoise')) {
    const http = await step('POST /v1/stt, /v1/tts, /v1/denoise', () => measureSpeechHttp(rounds));
    if (!skip.has('stt'))
      rows.push({
        figure: `STT real-time factor, POST /v1/stt (download + decode + engine, ${http.stt.audioSeconds.toFixed(0)} s)`,
        measured: http.stt.rtf.toFixed(3),
      });
    if (!skip.has('tts'))
      rows.push({
        figure: `TTS per sentence, POST /v1/tts (${http.tts.n} sentences, 9 languages)`,
        measured: `p50 ${ms(http.tts.p50)}, p95 ${ms(http.tts.p95)} (CPU ${ms(http.tts.cpuMsPerSentence)} each)`,
        aim: `p95 ≤ ${AIM.ttsP95Ms} ms`,
        verdict: atMost(http.tts.p95, AIM.ttsP95Ms),
      });
    if (!skip.has('denoise')) {
      for (const [label, d] of [
        ['1 min file', http.denoiseMinute],
        ['6 s fixture', http.denoiseShort],
      ] as const) {
        rows.push({
          figure: `Denoise end to end, POST /v1/denoise, ${label}`,
          measured: `${d.speed.toFixed(1)}× real time (${d.cpuSpeed.toFixed(1)}× per CPU s)`,
          aim: `≥ ${AIM.denoiseSpeed}×`,
          verdict: atLeast(d.speed, AIM.denoiseSpeed),
        });
      }
    }
  }
  if (!skip.has('turns')) rows.push(...(await turnRows()));
  if (!skip.has('live')) rows.push(...(await liveRows()));

  printSummary(rows);
  console.log(
    `\n${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${load()}. ` +
      'Held at real time: every session admitted and ended with `finished`, finished p95 ≤ 1 s, ' +
      `first interim p95 ≤ ${FIRST_INTERIM_BOUND_MS / 1000} s.`,
  );
}

/** Per-turn latency of each rule, side by side in this run (live-turns.ts says how it is measured). */
async function turnRows(): Promise<SummaryRow[]> {
  const rules = rulesFromOptions();
  console.log(
    `live turns: ${turnFixtures.join(' + ')} per stream, ${turnSessions.join(' and ')} streams; rules ${rules.map((r) => r.name).join(', ')}`,
  );
  const levels: TurnLevel[] = await measureRules(turnSessions, rules, turnFixtures, (level) =>
    console.log(`  ${JSON.stringify(turnRow(level))} (load ${load()})`),
  );
  console.table(levels.map(turnRow));
  const p = (s: TurnLevel['finalLatency']) =>
    s ? `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)} (${s.n} turns)` : '-';
  const clips = await loadClips(turnFixtures);
  const idle: SummaryRow[] = [];
  for (const rule of rules) {
    const work = await measureEndpointWork(clips, rule);
    const lag = levels.find((l) => l.rule === rule.name)?.endpointLag;
    const sum = (a?: number, b?: number) => (a === undefined || b === undefined ? '-' : ms(a + b));
    idle.push({
      figure: `Live per turn, one stream on an idle core: endpoint lag (audio) + work after it (rule ${rule.name})`,
      measured:
        `p50 ${ms(lag?.p50)} + ${ms(work.work.p50)} ≈ ${sum(lag?.p50, work.work.p50)}, ` +
        `p95 ${ms(lag?.p95)} + ${ms(work.work.p95)} ≈ ${sum(lag?.p95, work.work.p95)}; ` +
        `WER ${(work.wer * 100).toFixed(1)} %, turns split / merged / missed ${work.split} / ${work.merged} / ${work.missed} of ${work.turns}`,
    });
  }
  const perLevel = levels.flatMap((level): SummaryRow[] => {
    const at = `rule ${level.rule}, ${level.sessions} stream${level.sessions > 1 ? 's' : ''}`;
    return [
      {
        figure: `Live per turn, end of speech → final (${at})`,
        measured: p(level.finalLatency),
        aim: `p95 ≤ ${AIM.finalP95Ms} ms`,
        verdict: atMost(level.finalLatency?.p95, AIM.finalP95Ms),
      },
      {
        figure: `Live per turn, speech onset → first result (${at})`,
        measured: p(level.firstInterim),
        aim: `p95 ≤ ${AIM.firstInterimP95Ms} ms`,
        verdict: atMost(level.firstInterim?.p95, AIM.firstInterimP95Ms),
      },
      {
        figure: `Live per turn, turns split / merged / missed; WER; CPU (${at})`,
        measured: `${level.split} / ${level.merged} / ${level.missed} of ${level.turns}; WER ${(level.wer * 100).toFixed(1)} %; ${level.cpuPerStream.toFixed(1)} % of a core per stream`,
      },
    ];
  });
  return [...perLevel, ...idle];
}

async function liveRows(): Promise<SummaryRow[]> {
  const clip = await benchClip(seconds);
  console.log(`live clip: ${clip.label}; ladder ${ladder.join(', ')}; reference ${reference} sessions`);
  const levels: LevelResult[] = [];
  const print = (level: LevelResult) => {
    levels.push(level);
    console.log(`  ${JSON.stringify(levelRow(level))}`);
  };
  // The cap is lifted to the top of the ladder: the step-up measures what the machine holds, not the cap.
  const maxSessions = Math.max(...ladder);
  const found = await stepUp(clip.pcm, {
    ladder,
    decoders: decodersFor,
    maxSessions,
    finishedAimMs: AIM.finishedP95Ms,
    firstInterimMs: FIRST_INTERIM_BOUND_MS,
    onLevel: print,
  });
  let ref = found.levels.find((l) => l.sessions === reference);
  ref ??= await runLevel('live', reference, clip.pcm, { decoders: decodersFor(reference), maxSessions });
  if (!found.levels.includes(ref)) print(ref);
  const bare = await runLevel('bare', reference, clip.pcm, { decoders: 0, maxSessions });
  print(bare);
  const bareMany = await runLevel('bare', bareSessions, clip.pcm, { decoders: 0, maxSessions });
  print(bareMany);
  console.table(levels.map(levelRow));

  const at = `${reference} sessions`;
  // What one more stream costs, without the process's fixed share (timers, IPC, GC at idle).
  const bareMarginal = (bareMany.cpuTotal - bare.cpuTotal) / (bareSessions - reference);
  return [
    {
      figure: `Live: first audio → first interim, ${at}`,
      measured: `p50 ${ms(ref.firstInterim?.p50)}, p95 ${ms(ref.firstInterim?.p95)}`,
    },
    {
      figure: `Live: empty frame → finished, ${at}`,
      measured: `p50 ${ms(ref.finished?.p50)}, p95 ${ms(ref.finished?.p95)} (${ref.served}/${ref.sessions} served)`,
      aim: `p95 ≤ ${AIM.finishedP95Ms} ms`,
      verdict: ref.served === ref.sessions ? atMost(ref.finished?.p95, AIM.finishedP95Ms) : 'miss',
    },
    {
      figure: `Live: server CPU per real-time stream, ${at}`,
      measured: `${ref.cpuPerStream.toFixed(1)} % of a core (~${Math.floor(100 / ref.cpuPerStream)} streams/core)`,
    },
    {
      figure: `Bare ws server, same paced frames: ${at} / ${bareSessions} sessions`,
      measured:
        `${bare.cpuPerStream.toFixed(3)} % / ${bareMany.cpuPerStream.toFixed(3)} % of a core per stream; ` +
        `each added stream ${bareMarginal.toFixed(3)} % (~${Math.floor(100 / bareMarginal)} streams/core)`,
    },
    {
      figure: `Live: most sessions held at real time (ladder ${ladder.join(',')})`,
      measured:
        `${found.held}` +
        (found.firstMissed ? `; ${found.firstMissed} not held` : `; top of the ladder held`) +
        ` (the server admits ${defaultCap})`,
    },
  ];
}

if (isEntry(import.meta.url)) await main();

// The work after the endpoint, per turn, with nothing else queued: the recognizer runs in this
// process with the server's engines, each 20 ms frame is pushed once the previous one is done,
// and a turn's figure is the time from pushing the frame that completes its endpoint to its
// final. Added to the endpoint lag (audio time) it gives the end of speech → final latency of a
// stream that has a core to itself, which a busy shared machine cannot show in real time.
// Recognition here does not depend on timing, so its word error rate, turn splits, interims and
// where in the audio each turn's first interim came are the rule's own, whatever the load. The
// CPU the clips cost (every thread of this process: pocketsphinx runs on koffi's workers) per
// second of audio is a stream's share of a core; on a shared machine compare it between rules
// measured in turn, not across runs.

import { pcmToBytes } from '../src/engines/audio/pcm.js';
import { ClassicalDiarizationEngine } from '../src/engines/diarization/classical-diarization.adapter.js';
import { LiveRecognizer } from '../src/engines/recognition/live-recognizer.js';
import type { LiveInterim, LiveUtterance } from '../src/engines/stt/live-stt.contract.js';
import { liveSttLimits } from '../src/engines/stt/live-stt.limits.js';
import { PocketsphinxSttEngine } from '../src/engines/stt/pocketsphinx.adapter.js';
import { corpusWer } from '../src/engines/stt/wer.js';
import { FvadEngine } from '../src/engines/vad/fvad.adapter.js';
import { type Spread, spread } from './bench-kit.js';
import { type Clip, type TurnRule, turnsOf } from './live-turns.js';

export interface EndpointWork {
  rule: string;
  /** ms from the endpoint's frame to the final, one per final. */
  work: Spread;
  /** Audio ms from a turn's speech start to the audio position of its first interim. */
  firstInterimAudio?: Spread;
  wer: number;
  turns: number;
  split: number;
  merged: number;
  missed: number;
  /** Interims sent, per turn. */
  interimsPerTurn: number;
  /** CPU of the clips (all threads) over their audio length: % of a core a real-time stream takes. */
  cpuPercent: number;
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface ClipRun {
  finals: LiveUtterance[];
  interims: LiveInterim[];
}

export async function measureEndpointWork(clips: readonly Clip[], rule: TurnRule): Promise<EndpointWork> {
  const [stt, vad] = await Promise.all([
    PocketsphinxSttEngine.create({ warm: false, ...(rule.search ? { liveSearch: rule.search } : {}) }),
    FvadEngine.create(),
  ]);
  const engines = { stt, vad, diarization: new ClassicalDiarizationEngine() };
  const work: number[] = [];
  const firsts: number[] = [];
  const pairs: { reference: string; hypothesis: string }[] = [];
  const counts = { turns: 0, split: 0, merged: 0, missed: 0, interims: 0 };
  let pushedAt = 0;
  const run = async (clip: Clip): Promise<ClipRun> => {
    let n = 0;
    const out: ClipRun = { finals: [], interims: [] };
    const recognizer = await LiveRecognizer.open(
      engines,
      {
        encoding: 'pcm16',
        reduceNoise: false,
        languageHints: [],
        contextKeywords: [],
        enableDiarization: true,
        limits: liveSttLimits(rule.limits),
        newUtteranceId: () => `u${++n}`,
      },
      {
        interim: (interim) => out.interims.push(interim),
        final: (utterance) => {
          work.push(performance.now() - pushedAt);
          out.finals.push(utterance);
        },
        backlog: () => undefined,
        failed: (error) => {
          throw error;
        },
      },
    );
    const bytes = pcmToBytes(clip.pcm);
    for (let at = 0; at < bytes.length; at += 640) {
      pushedAt = performance.now();
      recognizer.push(bytes.subarray(at, at + 640));
      await recognizer.settled();
    }
    pushedAt = performance.now();
    await recognizer.end();
    return out;
  };
  let cpu = 0;
  let audioMs = 0;
  try {
    // The live pool builds its decoder on first use (~0.3 s of CPU): outside the measurement.
    const first = clips[0];
    if (first) await run({ ...first, pcm: first.pcm.subarray(0, 16_000) });
    work.length = 0;
    for (const clip of clips) {
      const before = cpuMs();
      const { finals, interims } = await run(clip);
      cpu += cpuMs() - before;
      audioMs += clip.pcm.length / 16;
      counts.interims += interims.length;
      pairs.push({ reference: clip.text, hypothesis: finals.map((f) => f.text).join(' ') });
      for (const turn of turnsOf(clip, finals)) {
        counts.turns++;
        if (turn.utterances.length > 1) counts.split++;
        if (turn.utterances.length === 0) counts.missed++;
        if (turn.merged) counts.merged++;
        const firstId = turn.utterances[0]?.id;
        const firstInterim = interims.find((i) => i.id === firstId);
        if (firstInterim) firsts.push(firstInterim.endMs - turn.turn.startMs);
      }
    }
  } finally {
    await stt.close();
  }
  const { interims, ...turnCounts } = counts;
  return {
    rule: rule.name,
    work: spread(work),
    ...(firsts.length ? { firstInterimAudio: spread(firsts) } : {}),
    wer: corpusWer(pairs).wer,
    ...turnCounts,
    interimsPerTurn: interims / Math.max(1, counts.turns),
    cpuPercent: (cpu / audioMs) * 100,
  };
}

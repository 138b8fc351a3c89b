// The work after the endpoint, per turn, with nothing else queued: the recognizer runs in this
// process with the server's engines, each 20 ms frame is pushed once the previous one is done,
// and a turn's figure is the time from pushing the frame that completes its endpoint to its
// final. Added to the endpoint lag (audio time) it gives the end of speech → final latency of a
// stream that has a core to itself, which a busy shared machine cannot show in real time.
// Recognition here does not depend on timing, so its word error rate and turn splits are the
// rule's own, whatever the load.

import { pcmToBytes } from '../src/engines/audio/pcm.js';
import { ClassicalDiarizationEngine } from '../src/engines/diarization/classical-diarization.adapter.js';
import { LiveRecognizer } from '../src/engines/recognition/live-recognizer.js';
import type { LiveUtterance } from '../src/engines/stt/live-stt.contract.js';
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
  wer: number;
  turns: number;
  split: number;
  merged: number;
  missed: number;
}

export async function measureEndpointWork(clips: readonly Clip[], rule: TurnRule): Promise<EndpointWork> {
  const [stt, vad] = await Promise.all([PocketsphinxSttEngine.create({ warm: false }), FvadEngine.create()]);
  const engines = { stt, vad, diarization: new ClassicalDiarizationEngine() };
  const work: number[] = [];
  const pairs: { reference: string; hypothesis: string }[] = [];
  const counts = { turns: 0, split: 0, merged: 0, missed: 0 };
  try {
    for (const clip of clips) {
      let pushedAt = 0;
      let n = 0;
      const finals: LiveUtterance[] = [];
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
          interim: () => undefined,
          final: (utterance) => {
            work.push(performance.now() - pushedAt);
            finals.push(utterance);
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
      pairs.push({ reference: clip.text, hypothesis: finals.map((f) => f.text).join(' ') });
      for (const turn of turnsOf(clip, finals)) {
        counts.turns++;
        if (turn.utterances.length > 1) counts.split++;
        if (turn.utterances.length === 0) counts.missed++;
        if (turn.merged) counts.merged++;
      }
    }
  } finally {
    await stt.close();
  }
  return { rule: rule.name, work: spread(work), wer: corpusWer(pairs).wer, ...counts };
}

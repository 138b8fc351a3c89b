import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { concatPcm, msToSamples, pcmToBytes } from '../audio/pcm.js';
import { silence, speak } from '../audio/test-speech.js';
import type { LiveSttEngine, LiveUtterance } from '../stt/live-stt.contract.js';
import { liveSttLimits } from '../stt/live-stt.limits.js';
import type { SttResult } from '../stt/stt.engine.js';
import { FvadEngine } from '../vad/fvad.adapter.js';
import { bringsNewWords, LiveRecognizer } from './live-recognizer.js';

// The audio path with the real endpointer and a recorder-like recognizer double, so the test can
// see exactly which audio the recognizer was given and make it slow on purpose.

let vad: FvadEngine;
let speech: Int16Array;

beforeAll(async () => {
  vad = await FvadEngine.create();
  speech = await speak('We need to finish the report by Friday.', 'rms');
});

/** `partials`: the hypotheses the double gives at each look, in order (the last one repeats). */
function recognizerDouble(writeDelayMs = 0, partials?: readonly string[]) {
  const utterances: Int16Array[][] = [[]];
  let looks = 0;
  const engine: LiveSttEngine = {
    languages: ['en'],
    status: () => ({ engine: 'stt', adapter: 'double', available: true }),
    openStream: async () => ({
      async write(pcm) {
        utterances.at(-1)?.push(pcm.slice());
        if (writeDelayMs) await sleep(writeDelayMs);
      },
      partial: async () =>
        partials
          ? (partials[Math.min(looks++, partials.length - 1)] ?? '')
          : `heard ${utterances.at(-1)?.length ?? 0} pieces`,
      async finalize(): Promise<SttResult> {
        utterances.push([]);
        return { text: 'final text', confidence: 0.8, language: 'en', segments: [] };
      },
      close: async () => {},
    }),
  };
  return { engine, heard: () => utterances.filter((u) => u.length).map((u) => concatPcm(u)) };
}

async function run(pcm: Int16Array, writeDelayMs: number, limits = {}, partials?: readonly string[]) {
  const double = recognizerDouble(writeDelayMs, partials);
  const finals: LiveUtterance[] = [];
  const interims: string[] = [];
  const backlog: boolean[] = [];
  let ids = 0;
  const recognizer = await LiveRecognizer.open(
    { stt: double.engine, vad },
    {
      encoding: 'pcm16',
      reduceNoise: false,
      languageHints: [],
      contextKeywords: [],
      enableDiarization: false,
      limits: liveSttLimits(limits),
      newUtteranceId: () => `u${++ids}`,
    },
    {
      interim: (i) => interims.push(i.text),
      final: (u) => finals.push(u),
      backlog: (high) => backlog.push(high),
      failed: (error) => {
        throw error;
      },
    },
  );
  const bytes = pcmToBytes(pcm);
  for (let at = 0; at < bytes.length; at += 640) recognizer.push(bytes.subarray(at, at + 640));
  await recognizer.end();
  return { finals, interims, backlog, heard: double.heard() };
}

describe('live recognizer', () => {
  it('gives the recognizer each utterance from the start the endpointer dates it to', async () => {
    const pcm = concatPcm([silence(600), speech, silence(700), speech, silence(300)]);
    const { finals, interims, heard } = await run(pcm, 0);
    expect(finals.map((f) => f.id)).toEqual(['u1', 'u2']);
    expect(interims.length).toBeGreaterThan(2);
    for (const [i, final] of finals.entries()) {
      const audio = heard[i];
      if (!audio) throw new Error('no audio');
      // The audio given is the session's audio from the utterance start, sample for sample.
      const start = msToSamples(final.startMs);
      expect(audio.subarray(0, 3200)).toEqual(pcm.subarray(start, start + 3200));
    }
    // flite leaves little quiet before a sentence: the first start is within it, not after the onset.
    expect(finals[0]?.startMs).toBeLessThanOrEqual(700);
    expect(finals[0]?.endMs).toBeLessThan(finals[1]?.startMs ?? 0);
  });

  it('tells its owner to stop reading when audio arrives faster than it is recognized, and to resume', async () => {
    const pcm = concatPcm([silence(300), speech, speech, silence(300)]);
    const { finals, backlog } = await run(pcm, 30, { maxPendingAudioBytes: 16_000, interimEveryMs: 100 });
    expect(backlog[0]).toBe(true);
    expect(backlog.at(-1)).toBe(false);
    expect(finals.length).toBeGreaterThan(0);
  });

  it('finishes the decode at a short pause and continues the same utterance when speech resumes', async () => {
    // The clip's own quiet at its ends (~0.2 s) plus 100 ms: past decodePauseMs (100) once WebRTC
    // VAD's hangover ends, short of the endpoint (400).
    const pcm = concatPcm([silence(600), speech, silence(100), speech, silence(700)]);
    const { finals, interims, heard } = await run(pcm, 0, { decodePauseMs: 100, endpointSilenceMs: 400 });
    expect(finals).toHaveLength(1);
    expect(finals[0]?.id).toBe('u1');
    // Two pieces, each decoded once; the final holds both texts in order.
    expect(heard).toHaveLength(2);
    expect(finals[0]?.text).toBe('final text final text');
    // The second piece starts where the first stopped: no audio is decoded twice or skipped.
    const start = msToSamples(finals[0]?.startMs ?? 0);
    const first = heard[0]?.length ?? 0;
    expect(heard[1]?.subarray(0, 3200)).toEqual(pcm.subarray(start + first, start + first + 3200));
    // Interims stay cumulative: once the first piece is done, every later one starts with its text.
    const afterPiece = interims.slice(interims.indexOf('final text'));
    expect(afterPiece.length).toBeGreaterThan(1);
    for (const text of afterPiece) expect(text.startsWith('final text')).toBe(true);
  });

  it('leaves the silence before the endpoint undecoded once the words are done', async () => {
    const pcm = concatPcm([silence(600), speech, silence(1000)]);
    const limits = { decodePauseMs: 100, endpointSilenceMs: 600 };
    const { finals, heard } = await run(pcm, 0, limits);
    expect(finals).toHaveLength(1);
    const final = finals[0];
    if (!final) throw new Error('no final');
    // The recognizer stopped ~0.1 s into the quiet: it heard the utterance up to less than its end + the endpoint's silence.
    const decodedMs = (heard[0]?.length ?? 0) / 16;
    expect(decodedMs).toBeLessThan(final.endMs - final.startMs + 300);
  });

  it('sends an interim when the hypothesis gains or changes a word, not when it takes its last words back', async () => {
    const pcm = concatPcm([silence(600), speech, silence(700)]);
    const hypotheses = ['', 'we', 'we need', 'we', 'we need', 'we need to', 'we need too', 'we need'];
    // No decode at pauses: every look is at the double's next hypothesis.
    const limits = { decodePauseMs: 10_000, interimEveryMs: 100 };
    const { interims } = await run(pcm, 0, limits, hypotheses);
    expect(interims).toEqual(['we', 'we need', 'we need to', 'we need too']);
  });

  it('counts a hypothesis as new words when it is longer or differs at any place', () => {
    expect(bringsNewWords('', 'we')).toBe(true);
    expect(bringsNewWords('we need', 'we need to')).toBe(true);
    expect(bringsNewWords('we need', 'we knead')).toBe(true);
    expect(bringsNewWords('we need to', 'with')).toBe(true);
    expect(bringsNewWords('we need', 'we need')).toBe(false);
    expect(bringsNewWords('we need to', 'we need')).toBe(false);
    expect(bringsNewWords('we', '')).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, converse, type FliteVoice } from '../audio/test-speech.js';
import { FvadEngine } from '../vad/fvad.adapter.js';
import type { SpeechSegment } from '../vad/vad.engine.js';
import { ClassicalDiarizationEngine } from './classical-diarization.adapter.js';
import { type DiarizedSegment, singleSpeaker } from './diarization.engine.js';

const engine = new ClassicalDiarizationEngine();
let vad: FvadEngine;
let two: Conversation;
let three: Conversation;
let one: Conversation;

/** Share of true speech time whose segment carries the right speaker (labels matched by first appearance). */
function accuracy(conversation: Conversation, labelled: readonly DiarizedSegment[]): number {
  const truth = new Map<FliteVoice, string>();
  for (const turn of conversation.turns)
    if (!truth.has(turn.voice)) truth.set(turn.voice, String(truth.size));
  let right = 0;
  let total = 0;
  for (const turn of conversation.turns) {
    total += turn.endMs - turn.startMs;
    for (const s of labelled) {
      const overlap = Math.min(s.endMs, turn.endMs) - Math.max(s.startMs, turn.startMs);
      if (overlap > 0 && s.speaker === truth.get(turn.voice)) right += overlap;
    }
  }
  return right / total;
}

const lines = [
  'Good morning everyone, let us start the meeting.',
  'Thank you. Can you share the agenda for today?',
  'Sure. First we talk about the budget for next year.',
  'We need to finish the report by Friday.',
  'I will send the notes after the call.',
  'The next meeting is on Monday at ten.',
];

beforeAll(async () => {
  vad = await FvadEngine.create();
  const cast = (voices: FliteVoice[]) =>
    lines.map((text, i) => ({ voice: voices[i % voices.length] ?? 'slt', text }));
  two = await converse(cast(['slt', 'rms']));
  three = await converse(cast(['rms', 'slt', 'awb']));
  one = await converse(cast(['awb']));
}, 60_000);

describe('classical diarization', () => {
  it('labels the right speaker for at least 85% of speech time in a 2-speaker conversation', () => {
    const labelled = engine.diarize(two.pcm, vad.segments(two.pcm));
    expect(new Set(labelled.map((s) => s.speaker))).toEqual(new Set(['0', '1']));
    expect(labelled[0]?.speaker).toBe('0');
    expect(accuracy(two, labelled)).toBeGreaterThanOrEqual(0.85);
  });

  it('separates three speakers', () => {
    const labelled = engine.diarize(three.pcm, vad.segments(three.pcm));
    expect(new Set(labelled.map((s) => s.speaker)).size).toBe(3);
    expect(accuracy(three, labelled)).toBeGreaterThanOrEqual(0.85);
  });

  it('keeps one speaker as one', () => {
    const labelled = engine.diarize(one.pcm, vad.segments(one.pcm));
    expect(labelled.length).toBeGreaterThanOrEqual(lines.length - 1);
    expect(new Set(labelled.map((s) => s.speaker))).toEqual(new Set(['0']));
  });

  it('never reports more speakers than allowed', () => {
    const labelled = engine.diarize(three.pcm, vad.segments(three.pcm), { maxSpeakers: 2 });
    expect(new Set(labelled.map((s) => s.speaker)).size).toBeLessThanOrEqual(2);
  });

  it('labels a segment too short to analyse like its neighbour', () => {
    const segments: SpeechSegment[] = [...vad.segments(two.pcm)];
    const first = segments[0];
    if (!first) throw new Error('no segment');
    segments.splice(1, 0, { startMs: first.endMs + 10, endMs: first.endMs + 40 });
    const labelled = engine.diarize(two.pcm, segments);
    expect(labelled[1]?.speaker).toBe(labelled[0]?.speaker);
  });

  it('gives everyone speaker 0 when diarization is off', () => {
    expect(singleSpeaker(vad.segments(two.pcm)).every((s) => s.speaker === '0')).toBe(true);
  });

  it('labels live utterances one by one, consistently with the turns', () => {
    const session = engine.openSession();
    const labels = two.turns.map((turn) =>
      session.assign(two.pcm.subarray(Math.round(turn.startMs * 16), Math.round(turn.endMs * 16))),
    );
    expect(labels).toEqual(two.turns.map((_, i) => String(i % 2)));
    expect(session.assign(new Int16Array(100))).toBeUndefined();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, converse, silence } from '../audio/test-speech.js';
import { FvadEngine } from './fvad.adapter.js';
import { segmentsOf } from './vad-segmenter.js';

let engine: FvadEngine;
let talk: Conversation;

beforeAll(async () => {
  engine = await FvadEngine.create();
  talk = await converse([
    { voice: 'slt', text: 'Good morning everyone, let us start the meeting.' },
    { voice: 'rms', text: 'Please share your screen with the team.' },
    { voice: 'slt', text: 'We need to finish the report by Friday.' },
  ]);
});

describe('WebRTC VAD engine', () => {
  it('is available', () => {
    expect(engine.status()).toMatchObject({ engine: 'vad', available: true });
  });

  it('finds each turn of a conversation as one segment', () => {
    const segments = engine.segments(talk.pcm);
    expect(segments).toHaveLength(talk.turns.length);
    segments.forEach((segment, i) => {
      const turn = talk.turns[i];
      // flite pads its output with ~100-200 ms of quiet; the segment sits inside the turn's audio.
      expect(segment.startMs).toBeGreaterThanOrEqual((turn?.startMs ?? 0) - 200);
      expect(segment.endMs).toBeLessThanOrEqual((turn?.endMs ?? 0) + 300);
      expect(segment.endMs - segment.startMs).toBeGreaterThan(
        ((turn?.endMs ?? 0) - (turn?.startMs ?? 0)) * 0.6,
      );
    });
  });

  it('finds nothing in silence', () => {
    expect(engine.segments(silence(3000))).toEqual([]);
  });

  it.each([10, 20, 30] as const)('works with %i ms frames', (frameMs) => {
    expect(engine.segments(talk.pcm, { frameMs })).toHaveLength(talk.turns.length);
  });

  it('streams in odd-sized chunks with the same result, announcing each start before its end', () => {
    const stream = engine.openStream();
    const events = [];
    for (let at = 0; at < talk.pcm.length; at += 333)
      events.push(...stream.push(talk.pcm.subarray(at, at + 333)));
    events.push(...stream.flush());
    stream.close();
    expect(segmentsOf(events)).toEqual(engine.segments(talk.pcm));
    expect(events.map((e) => e.type)).toEqual(talk.turns.flatMap(() => ['speech-start', 'speech-end']));
  });

  it('ends a live utterance soon after the speaker stops (endpointing)', () => {
    const stream = engine.openStream({ minSilenceMs: 600 });
    const first = talk.turns[0];
    let endedAtMs: number | undefined;
    for (let at = 0; at < talk.pcm.length && endedAtMs === undefined; at += 320) {
      const events = stream.push(talk.pcm.subarray(at, at + 320));
      if (events.some((e) => e.type === 'speech-end')) endedAtMs = stream.positionMs;
    }
    stream.close();
    expect(endedAtMs).toBeDefined();
    expect(endedAtMs).toBeGreaterThan(first?.endMs ? first.endMs - 300 : 0);
    expect(endedAtMs).toBeLessThan((first?.endMs ?? 0) + 700);
  });

  it('with an energy gate, ends segments at the speech instead of WebRTC VAD hangover, the same turns found', () => {
    const tight = { hangoverMs: 0, minSilenceMs: 200 };
    const plain = engine.segments(talk.pcm, tight);
    const gated = engine.segments(talk.pcm, { ...tight, energyGateDb: 30 });
    expect(gated).toHaveLength(plain.length);
    gated.forEach((segment, i) => {
      // WebRTC VAD keeps ~0.1 s after the speech voiced; the gate hears it as the silence it is.
      expect(segment.endMs).toBeLessThanOrEqual((plain[i]?.endMs ?? 0) - 60);
      expect(segment.startMs).toBe(plain[i]?.startMs);
    });
  });

  it('leaves noisy speech to WebRTC VAD: its noise is never 30 dB under its speech', () => {
    let seed = 7;
    const noisy = talk.pcm.map((v) => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return v + ((seed >>> 16) % 601) - 300;
    });
    expect(engine.segments(noisy, { energyGateDb: 30 })).toEqual(engine.segments(noisy));
  });
});

import { describe, expect, it } from 'vitest';
import type { VadEvent, VadOptions } from './vad.engine.js';
import { segmentsOf, VadSegmenter } from './vad-segmenter.js';

/** '#' voiced, '.' not, one character per 20 ms frame. */
function run(pattern: string, options: VadOptions = {}): VadEvent[] {
  const segmenter = new VadSegmenter({ frameMs: 20, preRollMs: 0, hangoverMs: 0, ...options });
  return [...[...pattern].flatMap((c) => segmenter.push(c === '#')), ...segmenter.flush()];
}

const frames = (n: number, c: string) => c.repeat(n);

describe('VAD segmenter', () => {
  it('finds one segment per burst separated by enough silence', () => {
    const pattern = frames(10, '.') + frames(30, '#') + frames(30, '.') + frames(20, '#') + frames(10, '.');
    expect(segmentsOf(run(pattern))).toEqual([
      { startMs: 200, endMs: 800 },
      { startMs: 1400, endMs: 1800 },
    ]);
  });

  it('bridges pauses shorter than minSilenceMs', () => {
    const pattern = frames(20, '#') + frames(10, '.') + frames(20, '#') + frames(40, '.');
    expect(segmentsOf(run(pattern, { minSilenceMs: 300 }))).toEqual([{ startMs: 0, endMs: 1000 }]);
    expect(segmentsOf(run(pattern, { minSilenceMs: 100 }))).toHaveLength(2);
  });

  it('ignores isolated voiced frames and blips shorter than minSpeechMs', () => {
    expect(segmentsOf(run('..#...#....#.....'))).toEqual([]);
    expect(run(frames(5, '#') + frames(40, '.'), { minSpeechMs: 200 })).toEqual([]);
  });

  it('adds pre-roll and hangover without reaching outside the audio or into the previous segment', () => {
    const pattern = frames(3, '.') + frames(20, '#') + frames(30, '.') + frames(20, '#') + frames(5, '.');
    const segments = segmentsOf(run(pattern, { preRollMs: 100, hangoverMs: 200 }));
    expect(segments).toEqual([
      { startMs: 0, endMs: 660 },
      { startMs: 960, endMs: 1560 },
    ]);
  });

  it('announces the start before the end, and closes at end of input', () => {
    const events = run(frames(30, '#'));
    expect(events.map((e) => e.type)).toEqual(['speech-start', 'speech-end']);
  });

  it('splits speech that runs past maxSegmentMs', () => {
    const segments = segmentsOf(run(frames(300, '#'), { maxSegmentMs: 2000 }));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    expect(segments.every((s) => s.endMs - s.startMs <= 2000)).toBe(true);
    expect(segments.at(-1)?.endMs).toBe(6000);
  });

  it('counts the silence at the end of an announced segment, back to 0 on speech', () => {
    const segmenter = new VadSegmenter({ frameMs: 20, minSilenceMs: 300, minSpeechMs: 100 });
    const seen = [...`${'#'.repeat(10)}....#..`].map((c) => {
      segmenter.push(c === '#');
      return segmenter.silenceMs;
    });
    expect(seen).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 40, 60, 80, 0, 20, 40]);
    expect(new VadSegmenter().silenceMs).toBe(0);
  });
});

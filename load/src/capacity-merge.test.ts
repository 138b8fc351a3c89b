import { describe, expect, it } from 'vitest';
import { type InstanceCapacity, mergeCapacity } from './capacity-merge.js';
import type { LevelStats, Verdict } from './capacity-search.js';

const stats = (level: number): LevelStats => ({
  level,
  planned: 5,
  sessions: 5,
  finished: 5,
  lostFinals: 0,
  firstInterimStat: 'max',
  firstInterimMs: 300,
  finalizeStat: 'max',
  finalizeMs: 900,
  pacingLagP95Ms: 2,
  samples: { firstInterim: 5, finalize: 5, pacingLag: 800 },
});

function instance(verdicts: Verdict[], extra: Partial<InstanceCapacity> = {}): InstanceCapacity {
  const levels = verdicts.map((verdict, i) => ({
    stats: stats(i + 1),
    verdict,
    reasons: verdict === 'held' ? [] : [verdict],
  }));
  const held = levels.filter(
    (l, i) => l.verdict === 'held' && verdicts.slice(0, i).every((v) => v === 'held'),
  ).length;
  return { held, stoppedBy: 'failed', levels, instances: 2, ...extra };
}

describe('capacity across instances', () => {
  it('holds a level only when every instance held it, and counts streams over all instances', () => {
    const merged = mergeCapacity([instance(['held', 'held', 'failed']), instance(['held', 'failed'])]);
    expect(merged).toMatchObject({ instances: 2, heldPerInstance: 1, held: 2 });
    expect(merged.levels.map((l) => [l.streams, l.verdict])).toEqual([
      [2, 'held'],
      [4, 'failed'],
      [6, 'failed'],
    ]);
  });

  it('says whether CAPACITY_MIN was met', () => {
    const gate = { capacityMin: 4 };
    expect(
      mergeCapacity([instance(['held', 'held'], gate), instance(['held', 'held'], gate)]).gatePassed,
    ).toBe(true);
    expect(
      mergeCapacity([instance(['held', 'held'], gate), instance(['held', 'void'], gate)]).gatePassed,
    ).toBe(false);
  });

  it('refuses files of another instance count', () => {
    expect(() => mergeCapacity([instance(['held'])])).toThrow(/INSTANCES=2, but 1 were given/);
  });
});

import type { CapacityResult, Verdict } from './capacity-search.js';

// capacity.json of several k6 instances that ran the capacity script together (INSTANCES=n, each
// with its execution segment): each judged its own share, `level` streams per instance. A level is
// held by the deployment only when every instance held it; the figure is then level × instances.

export interface InstanceCapacity extends CapacityResult {
  instances: number;
  capacityMin?: number;
}

export interface MergedCapacity {
  instances: number;
  /** Per level (per instance), the worst verdict across instances: void over failed over held. */
  levels: { level: number; streams: number; verdict: Verdict; reasons: string[] }[];
  /** Highest per-instance level every instance held, and the total streams that is. */
  heldPerInstance: number;
  held: number;
  capacityMin?: number;
  /** Whether the run met CAPACITY_MIN (undefined without one). */
  gatePassed?: boolean;
}

const worse: Record<Verdict, number> = { held: 0, failed: 1, void: 2 };

export function mergeCapacity(parts: readonly InstanceCapacity[]): MergedCapacity {
  const first = parts[0];
  if (!first) throw new Error('no capacity.json to merge');
  if (parts.some((p) => p.instances !== parts.length))
    throw new Error(`the files say INSTANCES=${first.instances}, but ${parts.length} were given`);
  const byLevel = new Map<number, MergedCapacity['levels'][number]>();
  for (const part of parts) {
    for (const { stats, verdict, reasons } of part.levels) {
      const known = byLevel.get(stats.level);
      if (!known) {
        byLevel.set(stats.level, {
          level: stats.level,
          streams: stats.level * parts.length,
          verdict,
          reasons,
        });
      } else if (worse[verdict] > worse[known.verdict]) {
        byLevel.set(stats.level, { ...known, verdict, reasons });
      }
    }
  }
  const levels = [...byLevel.values()].sort((a, b) => a.level - b.level);
  let heldPerInstance = 0;
  for (const level of levels) {
    // A level only some instances reached (one stopped early) is not held by the deployment.
    const everyone = parts.every((p) => p.levels.some((l) => l.stats.level === level.level));
    if (level.verdict !== 'held' || !everyone) break;
    heldPerInstance = level.level;
  }
  const held = heldPerInstance * parts.length;
  return {
    instances: parts.length,
    levels,
    heldPerInstance,
    held,
    ...(first.capacityMin === undefined
      ? {}
      : { capacityMin: first.capacityMin, gatePassed: held >= first.capacityMin }),
  };
}

import { capacityLevels, gateLevels, type LevelPlan, levelPlan } from './capacity-search.ts';

// The capacity run's plan, from its settings: which levels, how many sessions each, how long a
// level's slot in the schedule is, and how the load splits across k6 instances.

export interface CapacityPlan {
  /** Concurrent streams per instance at each level, in order. */
  levels: number[];
  staggerMs: number;
  /** Sessions a level runs at least (each VU runs whole sessions, so a level may run more). */
  minSessions: number;
  /** k6 instances sharing the run by execution segments (1: this machine alone). */
  instances: number;
  /** CAPACITY_MIN: total streams (all instances) the run must hold, when it gates. */
  capacityMin?: number;
  /** One session: the fixture, the finalize deadline and a margin. */
  sessionSeconds: number;
  perLevel(level: number): LevelPlan;
  /** Sessions in a row each VU runs at `level`. */
  rounds(level: number): number;
}

function whole(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1; got ${raw}`);
  return value;
}

export function capacityPlan(
  env: Record<string, string | undefined>,
  fixtureMs: number,
  turns: number,
): CapacityPlan {
  const parts = (env.CAPACITY_LEVELS || '2:2:20').split(':').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n)))
    throw new Error(`CAPACITY_LEVELS must be START:STEP:MAX; got ${env.CAPACITY_LEVELS}`);
  const [start = 2, step = 2, max = 20] = parts;
  const instances = whole(env, 'INSTANCES', 1);
  const minSessions = whole(env, 'SESSIONS_PER_LEVEL', 5);
  const capacityMin = env.CAPACITY_MIN ? whole(env, 'CAPACITY_MIN', 1) : undefined;
  let levels = capacityLevels(start, step, max);
  // A gate needs only the levels up to the one that proves it, per instance.
  if (capacityMin !== undefined) levels = gateLevels(levels, Math.ceil(capacityMin / instances));
  const rounds = (level: number) => levelPlan(level, minSessions, turns).sessions / level;
  return {
    levels,
    staggerMs: whole(env, 'STAGGER_MS', 2000),
    minSessions,
    instances,
    ...(capacityMin === undefined ? {} : { capacityMin }),
    sessionSeconds: fixtureMs / 1000 + 15,
    perLevel: (level) => levelPlan(level, minSessions, turns),
    rounds,
  };
}

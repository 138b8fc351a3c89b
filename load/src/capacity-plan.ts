import { capacityLevels, gateLevels, type LevelPlan, levelPlan } from './capacity-search.js';
import { DEADLINES } from './stream-session.js';

// The capacity run's plan, from its settings, one definition for k6 (k6/capacity.ts) and the node
// probe alike: which levels, how many clients and sessions each, when each level starts and how
// long its slot is (k6 can only start scenarios at fixed times, so the probe keeps the same
// schedule and the server gets the same rest between levels from both), each client's start in
// the stagger window, the session deadlines, and how the load splits across k6 instances.

/** One level in the schedule: `clients` clients (per instance) each run `rounds` sessions in a row. */
export interface LevelSlot {
  level: number;
  clients: number;
  rounds: number;
  /** From the run's start (after setup). */
  startMs: number;
  /** The level's time: every session may run to its last deadline without being cut. */
  slotMs: number;
}

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
  /** The longest a session can take: its deadlines and the fixture (the state machine ends it then). */
  sessionMaxMs: number;
  deadlines: typeof DEADLINES;
  schedule: LevelSlot[];
  perLevel(level: number): LevelPlan;
  /** Sessions in a row each VU runs at `level`. */
  rounds(level: number): number;
  /** When client `client` (0…level−1) of a level starts its first session, after the level's start. */
  startDelayMs(level: number, client: number): number;
}

/** A capacity session's id: the run, the level, the client and its round. */
export function capacitySessionId(runId: string, level: number, client: number, round: number): string {
  return `${runId}-cap${level}-${client}-${round}`;
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
  const staggerMs = whole(env, 'STAGGER_MS', 2000);
  const sessionMaxMs =
    DEADLINES.connectTimeoutMs + fixtureMs + DEADLINES.finalizeTimeoutMs + DEADLINES.closeGraceMs;
  const schedule: LevelSlot[] = [];
  let startMs = 0;
  for (const level of levels) {
    // A second's margin for k6 to start the scenario's VUs and for timers that fire late.
    const slotMs = Math.ceil((rounds(level) * sessionMaxMs + staggerMs) / 1000) * 1000 + 1000;
    schedule.push({ level, clients: level, rounds: rounds(level), startMs, slotMs });
    startMs += slotMs;
  }
  return {
    levels,
    staggerMs,
    minSessions,
    instances,
    ...(capacityMin === undefined ? {} : { capacityMin }),
    sessionMaxMs,
    deadlines: DEADLINES,
    schedule,
    perLevel: (level) => levelPlan(level, minSessions, turns),
    rounds,
    startDelayMs: (level, client) => ((client % level) / level) * staggerMs,
  };
}

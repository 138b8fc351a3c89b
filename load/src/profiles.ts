import type { CapacityPlan } from './capacity-plan.js';

// The load profiles, defined once. Live streams are closed-model (a VU is a client holding one
// session at a time, as a meeting client does); request/response routes are open-model (requests
// arrive at a rate whatever the server's latency, so a slow server cannot slow the load down).

export const PROFILES = ['smoke', 'average', 'stress', 'spike', 'soak', 'capacity'] as const;
export type ProfileName = (typeof PROFILES)[number];

export function profileName(value: string | undefined): ProfileName {
  const name = value || 'smoke';
  if (!(PROFILES as readonly string[]).includes(name)) {
    throw new Error(`PROFILE must be one of ${PROFILES.join(', ')}; got ${name}`);
  }
  return name as ProfileName;
}

interface Stage {
  duration: string;
  target: number;
}

/** Stages as fractions of the profile's target (VUs or requests per second). */
const SHAPES: Record<Exclude<ProfileName, 'capacity'>, { stages: [string, number][]; scale: number }> = {
  smoke: { stages: [['30s', 1]], scale: 0 },
  average: {
    stages: [
      ['1m', 1],
      ['5m', 1],
      ['1m', 0],
    ],
    scale: 1,
  },
  stress: {
    stages: [
      ['2m', 1],
      ['5m', 1],
      ['2m', 0],
    ],
    scale: 2,
  },
  spike: {
    stages: [
      ['20s', 1],
      ['1m', 1],
      ['20s', 0],
    ],
    scale: 4,
  },
  soak: {
    stages: [
      ['2m', 1],
      ['60m', 1],
      ['2m', 0],
    ],
    scale: 1,
  },
};

function stages(profile: Exclude<ProfileName, 'capacity'>, target: number): Stage[] {
  const shape = SHAPES[profile];
  // Smoke is one client whatever the target: it proves the script and the deployment work.
  const peak = shape.scale === 0 ? 1 : Math.max(1, Math.round(target * shape.scale));
  return shape.stages.map(([duration, fraction]) => ({ duration, target: Math.round(peak * fraction) }));
}

function notCapacity(profile: ProfileName): Exclude<ProfileName, 'capacity'> {
  if (profile === 'capacity') throw new Error('PROFILE=capacity is the capacity script (k6/capacity.ts)');
  return profile;
}

/** Concurrent clients (live sessions): `vus` is the average profile's level. */
export function sessionScenario(profile: ProfileName, vus: number) {
  const p = notCapacity(profile);
  if (p === 'smoke') return { executor: 'per-vu-iterations', vus: 1, iterations: 2, maxDuration: '2m' };
  return {
    executor: 'ramping-vus',
    startVUs: 0,
    stages: stages(p, vus),
    gracefulRampDown: '30s',
    gracefulStop: '30s',
  };
}

/**
 * Sessions a closed-model run makes, for deciding which percentiles its samples can carry: smoke's
 * fixed 2; the others run minutes of sessions, plenty for p95 (see MIN_SAMPLES in budgets.ts).
 */
export function plannedSessions(profile: ProfileName): number {
  return profile === 'smoke' ? 2 : Number.POSITIVE_INFINITY;
}

const SMOKE_SECONDS = 30;

/**
 * Requests a run makes, for deciding which percentiles its samples can carry: smoke's one every
 * `smokeEverySeconds` for 30 s, the others minutes at `rate` (see MIN_SAMPLES in budgets.ts).
 */
export function plannedArrivals(profile: ProfileName, rate: number, smokeEverySeconds = 1): number {
  if (profile === 'smoke') return Math.floor(SMOKE_SECONDS / smokeEverySeconds);
  return Math.round(rate * 300);
}

/**
 * Requests per second (open model): `rate` is the average profile's rate. Smoke sends one request
 * every `smokeEverySeconds` (slow routes such as file STT take one every few seconds) with VUs
 * enough that none is dropped while the previous ones are still answered.
 */
export function arrivalScenario(profile: ProfileName, rate: number, maxVUs: number, smokeEverySeconds = 1) {
  const p = notCapacity(profile);
  if (p === 'smoke') {
    // Every VU it may need is made before the start: k6 makes one mid-run only as fast as the
    // script's init runs, which on a busy machine is slower than arrivals whose answers take
    // seconds (file STT and TTS at load 16 dropped 1 and 6 of 30 waiting for a VU).
    const vus = Math.max(5, Math.min(maxVUs, 20));
    return {
      executor: 'constant-arrival-rate',
      rate: 1,
      timeUnit: `${smokeEverySeconds}s`,
      duration: `${SMOKE_SECONDS}s`,
      preAllocatedVUs: vus,
      maxVUs: vus,
    };
  }
  if (p === 'average' || p === 'soak') {
    const [, hold] = SHAPES[p].stages[1] ?? ['5m', 1];
    return {
      executor: 'constant-arrival-rate',
      rate: Math.max(1, Math.round(rate)),
      timeUnit: '1s',
      duration: p === 'soak' ? '60m' : '5m',
      preAllocatedVUs: Math.min(maxVUs, Math.max(2, Math.round(rate * Number(hold)))),
      maxVUs,
    };
  }
  return {
    executor: 'ramping-arrival-rate',
    startRate: 0,
    timeUnit: '1s',
    stages: stages(p, rate),
    preAllocatedVUs: Math.min(maxVUs, Math.max(2, rate)),
    maxVUs,
  };
}

/**
 * The capacity profile: one scenario per level of the plan's schedule (capacity-plan.ts), run one
 * after the other. Each VU runs whole sessions in a row. With `instances` k6 instances on equal
 * execution segments, a level's VUs are `level × instances` so each instance gets exactly `level`.
 */
export function capacityScenarios(plan: CapacityPlan) {
  const scenarios: Record<string, object> = {};
  for (const slot of plan.schedule) {
    scenarios[`level_${slot.level}`] = {
      executor: 'per-vu-iterations',
      vus: slot.clients * plan.instances,
      iterations: slot.rounds,
      startTime: `${slot.startMs / 1000}s`,
      maxDuration: `${slot.slotMs / 1000}s`,
      gracefulStop: '0s',
      tags: { level: String(slot.level) },
      env: { CAPACITY_LEVEL: String(slot.level) },
    };
  }
  return scenarios;
}

import { describe, expect, it } from 'vitest';
import { capacityPlan } from './capacity-plan.js';
import { loadEnv, requireEnv } from './env.js';
import { arrivalScenario, capacityScenarios, profileName, sessionScenario } from './profiles.js';

describe('profiles', () => {
  it('shapes each profile from the average target', () => {
    expect(sessionScenario('smoke', 50)).toMatchObject({ executor: 'per-vu-iterations', vus: 1 });
    expect(sessionScenario('average', 10)).toMatchObject({
      executor: 'ramping-vus',
      stages: [{ target: 10 }, { target: 10 }, { target: 0 }],
    });
    expect(sessionScenario('stress', 10)).toMatchObject({
      stages: [{ target: 20 }, { target: 20 }, { target: 0 }],
    });
    expect(sessionScenario('spike', 10)).toMatchObject({ stages: [{ duration: '20s', target: 40 }, {}, {}] });
    expect(arrivalScenario('average', 5, 50)).toMatchObject({
      executor: 'constant-arrival-rate',
      rate: 5,
      duration: '5m',
    });
    expect(arrivalScenario('soak', 5, 50)).toMatchObject({ duration: '60m' });
    // Smoke makes every VU before the start: none is made mid-run while arrivals wait.
    expect(arrivalScenario('smoke', 5, 300, 5)).toMatchObject({ preAllocatedVUs: 20, maxVUs: 20 });
    expect(arrivalScenario('spike', 5, 50)).toMatchObject({
      executor: 'ramping-arrival-rate',
      stages: [{ target: 20 }, {}, {}],
    });
  });

  it('keeps the capacity profile to the capacity script', () => {
    expect(() => sessionScenario('capacity', 1)).toThrow(/capacity script/);
    expect(() => profileName('heavy')).toThrow(/smoke, average, stress, spike, soak, capacity/);
  });

  it('runs capacity levels one after another, each tagged with its level', () => {
    // 5 s of audio: a session ends by 10 + 5 + 15 + 2 s (its deadlines); 5 sessions a level at least.
    const plan = capacityPlan({ CAPACITY_LEVELS: '2:2:4' }, 5000, 1);
    expect(plan.sessionMaxMs).toBe(32_000);
    const s = capacityScenarios(plan) as Record<
      string,
      { startTime: string; vus: number; iterations: number; tags: object; maxDuration: string }
    >;
    // Level 2: 3 sessions in a row per VU (6 ≥ 5), a slot of 3 × 32 s + the 2 s stagger + 1 s.
    expect(s.level_2).toMatchObject({
      vus: 2,
      iterations: 3,
      startTime: '0s',
      maxDuration: '99s',
      tags: { level: '2' },
    });
    expect(s.level_4).toMatchObject({ vus: 4, iterations: 2, startTime: '99s', maxDuration: '67s' });
    // The probe keeps the same schedule and the same starts within the stagger window.
    expect(plan.schedule.map((slot) => [slot.level, slot.startMs, slot.rounds])).toEqual([
      [2, 0, 3],
      [4, 99_000, 2],
    ]);
    expect([0, 1, 2, 3].map((client) => plan.startDelayMs(4, client))).toEqual([0, 500, 1000, 1500]);
  });

  it('gives each of n instances whole sessions: a level has level × n VUs', () => {
    const plan = capacityPlan({ CAPACITY_LEVELS: '1:1:3', INSTANCES: '2', CAPACITY_MIN: '4' }, 5000, 1);
    // CAPACITY_MIN=4 over 2 instances: each must hold 2, so levels 1 and 2 run, 3 does not.
    expect(plan.levels).toEqual([1, 2]);
    const s = capacityScenarios(plan) as Record<string, { vus: number }>;
    expect(s.level_2?.vus).toBe(4);
    expect(() => capacityPlan({ CAPACITY_LEVELS: '1:1:3', CAPACITY_MIN: '9' }, 5000, 1)).toThrow(
      /above the highest/,
    );
  });
});

describe('settings', () => {
  it('derives WS_URL from BASE_URL and checks what it is given', () => {
    const env = loadEnv({ BASE_URL: 'https://api.example.com/', API_KEY: 'k' });
    expect(env).toMatchObject({
      baseUrl: 'https://api.example.com',
      wsUrl: 'wss://api.example.com',
      profile: 'smoke',
      format: 'json',
    });
    expect(loadEnv({ WS_URL: 'ws://other:9' }).wsUrl).toBe('ws://other:9');
    expect(() => loadEnv({ FORMAT: 'xml' })).toThrow(/FORMAT/);
    expect(() => loadEnv({ VUS: '-1' })).toThrow(/VUS/);
    expect(() => requireEnv(loadEnv({}), ['apiKey', 'partnerToken'])).toThrow('set API_KEY, PARTNER_TOKEN');
  });
});

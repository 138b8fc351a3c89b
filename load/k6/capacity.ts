import { sleep } from 'k6';
import exec from 'k6/execution';
import { Counter } from 'k6/metrics';
import { capacityPlan, capacitySessionId } from '../src/capacity-plan.js';
import { levelThresholds, sessionBreaksLevel } from '../src/capacity-search.js';
import { requireEnv } from '../src/env.js';
import { M } from '../src/metric-names.js';
import { capacityScenarios } from '../src/profiles.js';
import { streamUrl } from '../src/stream-url.js';
import { capacityReport } from './lib/capacity-report.js';
import { env } from './lib/config.js';
import { loadFixture } from './lib/fixtures.js';
import { recordSession } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { streamFrameLayout } from './lib/proto.js';
import { checkDeployment } from './lib/setup-check.js';
import { runSession } from './lib/stream-driver.js';

// How many live streams the deployment holds: levels of concurrent sessions one after the other
// (CAPACITY_LEVELS=start:step:max), each VU running whole sessions (at least SESSIONS_PER_LEVEL per
// level) with starts spread over STAGGER_MS, on the schedule, deadlines and hold rule the node probe
// also runs (src/capacity-plan.ts, src/capacity-search.ts). A VU whose session breaks its level bumps the
// not-held counter, whose abortOnFail threshold stops the run within seconds: no loading past the
// first level not held. CAPACITY_MIN=N runs only the levels up to N and fails the run (exit 99)
// unless they are all held. INSTANCES=n: this is one of n k6 instances (execution segments) and
// each level is per instance (README "Past one load machine").

requireEnv(env, ['apiKey']);
const fixture = await loadFixture(env.fixture);
const plan = capacityPlan(__ENV, fixture.frames.durationMs, fixture.turns.length);
const url = streamUrl(env.wsUrl, { apiKey: env.apiKey, format: env.format });
const layout = streamFrameLayout();
const sessions = new Counter(M.capacitySessions);
const notHeld = new Counter(M.capacityNotHeld);

const thresholds = {};
for (const level of plan.levels) Object.assign(thresholds, levelThresholds(level, plan.perLevel(level)));
export const options = baseOptions(capacityScenarios(plan), thresholds, 'stream');

export function setup(): void {
  checkDeployment({ baseUrl: env.baseUrl, apiKey: env.apiKey });
}

export default async function () {
  const level = Number(__ENV.CAPACITY_LEVEL);
  const tags = { level: String(level) };
  // The client's number in its level: its first iteration's number (each VU's first iteration
  // starts at once, so they are 0…level−1 in this instance). Its start in the stagger window is the
  // plan's, as the probe's; a plain sleep is safe here, before any socket exists.
  const round = exec.vu.iterationInScenario;
  if (round === 0) sleep(plan.startDelayMs(level, exec.scenario.iterationInInstance) / 1000);
  const report = await runSession(
    url,
    {
      frames: fixture.frames,
      turns: fixture.turns,
      ...plan.deadlines,
      config: { session_id: capacitySessionId(env.runId, level, exec.vu.idInTest, round) },
    },
    layout,
  );
  recordSession(report, tags);
  sessions.add(1, tags);
  if (sessionBreaksLevel(report, plan.perLevel(level))) notHeld.add(1, tags);
}

export function handleSummary(data: Parameters<typeof capacityReport>[0]) {
  return capacityReport(data, plan);
}

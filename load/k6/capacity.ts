import { sleep } from 'k6';
import exec from 'k6/execution';
import { capacityLevels, levelThresholds } from '../src/capacity-search.ts';
import { requireEnv } from '../src/env.ts';
import { capacityScenarios } from '../src/profiles.ts';
import { streamUrl } from '../src/stream-url.ts';
import { capacityReport } from './lib/capacity-report.ts';
import { env } from './lib/config.ts';
import { loadFixture } from './lib/fixtures.ts';
import { recordSession } from './lib/metrics.ts';
import { baseOptions } from './lib/options.ts';
import { runSession } from './lib/stream-driver.ts';

// How many live streams the deployment holds: levels of concurrent sessions one after the other
// (CAPACITY_LEVELS=start:step:max, default 2:2:20), each VU starting within STAGGER_MS so sessions
// arrive rather than stampede. Every sample carries its level as a tag; the summary judges each
// level (src/capacity-search.ts) and reports the highest one held at real time.

requireEnv(env, ['apiKey']);
const [start, step, max] = (__ENV.CAPACITY_LEVELS || '2:2:20').split(':').map(Number);
const levels = capacityLevels(start ?? 2, step ?? 2, max ?? 20);
const staggerMs = Number(__ENV.STAGGER_MS || 2000);
const fixture = await loadFixture(env.fixture);
const url = streamUrl(env.wsUrl, { apiKey: env.apiKey, format: env.format });
// The fixture, the finalize deadline and a margin: a level's slot in the schedule.
const sessionSeconds = fixture.frames.durationMs / 1000 + 15;

// Per-level thresholds put each level's figures in the summary (k6 reports tagged submetrics only
// when a threshold names them); they also fail the run when any level misses its budget.
const thresholds: Record<string, unknown> = {};
for (const level of levels) Object.assign(thresholds, levelThresholds(level));
export const options = baseOptions(
  capacityScenarios(levels, sessionSeconds, staggerMs),
  thresholds,
  'stream',
);

export default async function () {
  const level = __ENV.CAPACITY_LEVEL ?? '0';
  // Stagger: session n of a level starts n/level of the way through the window. A plain sleep is
  // safe here, before the socket exists.
  const vusAtLevel = Number(level) || 1;
  sleep(((exec.scenario.iterationInTest / vusAtLevel) * staggerMs) / 1000);
  const report = await runSession(
    url,
    {
      frames: fixture.frames,
      turns: fixture.turns,
      config: { session_id: `${env.runId}-cap${level}-${__VU}` },
    },
    { level },
  );
  recordSession(report, { level });
}

export function handleSummary(data: Parameters<typeof capacityReport>[0]) {
  return capacityReport(data, levels);
}

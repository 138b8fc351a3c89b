import { streamThresholds } from '../src/budgets.js';
import { requireEnv } from '../src/env.js';
import { plannedSessions, sessionScenario } from '../src/profiles.js';
import { streamUrl } from '../src/stream-url.js';
import { env } from './lib/config.js';
import { loadFixture } from './lib/fixtures.js';
import { checked, recordSession } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { streamFrameLayout } from './lib/proto.js';
import { checkDeployment } from './lib/setup-check.js';
import { runSession } from './lib/stream-driver.js';
import { summaryHandler } from './lib/summary.js';

// Live STT: one session per iteration. Config, the fixture paced in real time (640-byte pcm16
// frames from a .wav, or one Opus packet per message from an .ogg), the empty frame, finals, and
// {finished}. FORMAT=json|protobuf picks the server's frame format (protobuf in the layout of
// PROTO_FILE, Parley's by default); FIXTURE the audio.

requireEnv(env, ['apiKey']);
const fixture = await loadFixture(env.fixture);
const url = streamUrl(env.wsUrl, { apiKey: env.apiKey, format: env.format });
const layout = streamFrameLayout();

export const options = baseOptions(
  { stt_stream: sessionScenario(env.profile, env.vus) },
  streamThresholds(plannedSessions(env.profile), fixture.turns.length),
  'stream',
);

export function setup(): void {
  checkDeployment({ baseUrl: env.baseUrl, apiKey: env.apiKey });
}

export default async function () {
  const report = await runSession(
    url,
    {
      frames: fixture.frames,
      turns: fixture.turns,
      config: { session_id: `${env.runId}-${__VU}-${__ITER}` },
    },
    layout,
  );
  recordSession(report);
  checked(report, {
    'stream finished': (r) => r.finished,
    'no lost final': (r) => !r.lostFinal,
    'closed 1000': (r) => r.closeCode === 1000,
  });
}

export const handleSummary = summaryHandler('stt-stream');

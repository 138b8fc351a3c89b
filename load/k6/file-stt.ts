import http from 'k6/http';
import { Budget, percentileGate } from '../src/budgets.js';
import { requireEnv } from '../src/env.js';
import { M } from '../src/metric-names.js';
import { arrivalScenario, plannedArrivals } from '../src/profiles.js';
import { routePath } from '../src/routes.js';
import { env } from './lib/config.js';
import { jsonOf } from './lib/http.js';
import { checked, gated } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { checkDeployment } from './lib/setup-check.js';
import { summaryHandler } from './lib/summary.js';

// File STT latency under load: POST /v1/stt with AUDIO_URL (a file the server can download; see
// README for serving fixtures), open model. The spec allows minutes per file: the request timeout
// is the spec's 600 s.

requireEnv(env, ['apiKey', 'audioUrl']);
const SMOKE_EVERY_S = 5;
const latency = gated(M.fileStt);
const ok = gated(M.speechOk);

export const options = baseOptions(
  { file_stt: arrivalScenario(env.profile, env.rate, Math.max(20, env.rate * 60), SMOKE_EVERY_S) },
  {
    [M.fileStt]: [
      percentileGate(
        'p(95)',
        '<',
        Budget.fileSttP95Ms,
        plannedArrivals(env.profile, env.rate, SMOKE_EVERY_S),
      ),
    ],
    [M.speechOk]: [{ threshold: `rate>=${Budget.okRate}`, abortOnFail: true, delayAbortEval: '1m' }],
  },
  'arrival',
);

export function setup(): void {
  checkDeployment({ baseUrl: env.baseUrl, apiKey: env.apiKey });
}

export default function () {
  const response = http.post(
    `${env.baseUrl}${routePath('stt')}?api_key=${encodeURIComponent(env.apiKey)}`,
    JSON.stringify({ audio_url: env.audioUrl, session_id: `${env.runId}-${__VU}-${__ITER}` }),
    { headers: { 'Content-Type': 'application/json' }, timeout: '600s', tags: { name: 'stt' } },
  );
  latency.add(response.timings.duration);
  const body = jsonOf(response) as Record<string, unknown> | undefined;
  ok.add(
    checked(response, {
      'stt: 200 with text and utterances': (r) =>
        r.status === 200 && typeof body?.text === 'string' && Array.isArray(body?.utterances),
    }),
  );
}

export const handleSummary = summaryHandler('file-stt');

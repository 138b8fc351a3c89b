import { Budget, percentileGate } from '../src/budgets.js';
import { requireEnv } from '../src/env.js';
import { M } from '../src/metric-names.js';
import { arrivalScenario, plannedArrivals } from '../src/profiles.js';
import { env } from './lib/config.js';
import { ok200, postJson } from './lib/http.js';
import { checked, gated } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { checkDeployment } from './lib/setup-check.js';
import { summaryHandler } from './lib/summary.js';

// Denoise latency under load: POST /v1/denoise with AUDIO_URL (noisy speech the server downloads),
// open model.

requireEnv(env, ['apiKey', 'audioUrl']);
const SMOKE_EVERY_S = 5;
const latency = gated(M.denoise);
const ok = gated(M.speechOk);

export const options = baseOptions(
  { denoise: arrivalScenario(env.profile, env.rate, Math.max(20, env.rate * 20), SMOKE_EVERY_S) },
  {
    [M.denoise]: [
      percentileGate(
        'p(95)',
        '<',
        Budget.denoiseP95Ms,
        plannedArrivals(env.profile, env.rate, SMOKE_EVERY_S),
      ),
    ],
    [M.speechOk]: [{ threshold: `rate>=${Budget.okRate}`, abortOnFail: true, delayAbortEval: '30s' }],
  },
  'arrival',
);

export function setup(): void {
  checkDeployment({ baseUrl: env.baseUrl, apiKey: env.apiKey });
}

export default function () {
  const response = postJson('denoise', { audio_url: env.audioUrl }, { timeout: '120s' });
  latency.add(response.timings.duration);
  const body = ok200(response, 'denoise');
  ok.add(
    checked(body, { 'denoise: a denoised_audio_url': (b) => typeof b?.denoised_audio_url === 'string' }),
  );
}

export const handleSummary = summaryHandler('denoise');

import http from 'k6/http';
import { Budget, percentileGate } from '../src/budgets.js';
import { requireEnv } from '../src/env.js';
import { M } from '../src/metric-names.js';
import { arrivalScenario, plannedArrivals } from '../src/profiles.js';
import { decodeTtsResponse, encodeTtsRequest } from '../src/proto-wire.js';
import { routePath } from '../src/routes.js';
import { env } from './lib/config.js';
import { checked, gated } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { ttsMessageLayout } from './lib/proto.js';
import { checkDeployment } from './lib/setup-check.js';
import { summaryHandler } from './lib/summary.js';

// Text-to-speech latency under load: protobuf SessionTTSRequest in, SessionTTSResponse out (in the
// layout of PROTO_FILE, Parley's schemas/proto by default), open model. TTS_TEXT overrides the sentence.

requireEnv(env, ['apiKey']);
const latency = gated(M.tts);
const ok = gated(M.speechOk);
const layout = ttsMessageLayout();
const text = __ENV.TTS_TEXT || 'Thanks everyone, let us meet again next Tuesday at ten.';

export const options = baseOptions(
  { tts: arrivalScenario(env.profile, env.rate, Math.max(20, env.rate * 10)) },
  {
    [M.tts]: [percentileGate('p(95)', '<', Budget.ttsP95Ms, plannedArrivals(env.profile, env.rate))],
    [M.speechOk]: [{ threshold: `rate>=${Budget.okRate}`, abortOnFail: true, delayAbortEval: '30s' }],
  },
  'arrival',
);

export function setup(): void {
  checkDeployment({ baseUrl: env.baseUrl, apiKey: env.apiKey });
}

export default function () {
  const body = encodeTtsRequest(
    { session_id: `${env.runId}-${__VU}`, message_id: `m${__ITER}`, text },
    layout,
  );
  const response = http.post(
    `${env.baseUrl}${routePath('tts')}?api_key=${encodeURIComponent(env.apiKey)}`,
    body.slice().buffer,
    {
      headers: { 'Content-Type': 'application/x-protobuf' },
      responseType: 'binary',
      tags: { name: 'tts' },
    },
  );
  latency.add(response.timings.duration);
  const decoded =
    response.status === 200 && response.body
      ? decodeTtsResponse(new Uint8Array(response.body as ArrayBuffer), layout)
      : undefined;
  ok.add(checked(decoded, { 'tts: 200 with audio_url and no error': (d) => !!d?.audio_url && !d.error }));
}

export const handleSummary = summaryHandler('tts');

import { check, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { Budget } from '../src/budgets.ts';
import { requireEnv } from '../src/env.ts';
import { M } from '../src/metric-names.ts';
import {
  type JsonSchemaLike,
  meetingToUse,
  PollTracker,
  requiredFields,
  triggerProblems,
} from '../src/partner-poll.ts';
import { sessionScenario } from '../src/profiles.ts';
import { TRIGGER_ROUTES } from '../src/routes.ts';
import { env } from './lib/config.ts';
import { schema } from './lib/fixtures.ts';
import { getBearer, jsonOf, postJson } from './lib/http.ts';
import { baseOptions } from './lib/options.ts';
import { summaryHandler } from './lib/summary.ts';

// The automation platform's traffic: each VU is one connected account polling the four triggers
// with its bearer token (PARTNER_TOKEN, from the deployment's OAuth flow), reading the newest ended
// meeting's details and, every GENERATE_EVERY polls, generating a document from it. The platform
// polls each trigger every few minutes per Zap; POLL_SECONDS shortens that for a load test.

requireEnv(env, ['partnerToken']);
const pollSeconds = Number(__ENV.POLL_SECONDS || 15);
const generateEvery = Number(__ENV.GENERATE_EVERY || 10);
const required: Record<string, string[]> = {};
for (const trigger of TRIGGER_ROUTES)
  required[trigger] = requiredFields(schema(`${trigger}.item`) as JsonSchemaLike);
const meetingRequired = requiredFields(schema('partner-meeting.response') as JsonSchemaLike);
const documentRequired = requiredFields(schema('generate-document.response') as JsonSchemaLike);

const pollMs = new Trend(M.partnerPoll, true);
const newItems = new Counter(M.partnerNewItems);
const badItems = new Counter(M.partnerBadItems);
const documentMs = new Trend(M.partnerDocument, true);
const tracker = new PollTracker();

export const options = baseOptions(
  { partner_poll: sessionScenario(env.profile, env.vus) },
  {
    [M.partnerPoll]: [`p(95)<${Budget.partnerPollP95Ms}`],
    [M.partnerBadItems]: ['count<1'],
    'checks{kind:partner}': [
      { threshold: `rate>=${Budget.okRate}`, abortOnFail: true, delayAbortEval: '30s' },
    ],
  },
);

export default function () {
  let meetingId: string | undefined;
  for (const trigger of TRIGGER_ROUTES) {
    const response = getBearer(trigger);
    pollMs.add(response.timings.duration, { trigger });
    const body = jsonOf(response);
    const problems = response.status === 200 ? triggerProblems(trigger, body, required[trigger] ?? []) : [];
    check(response, { [`${trigger}: 200`]: (r) => r.status === 200 }, { kind: 'partner' });
    if (problems.length > 0) {
      badItems.add(problems.length, { trigger });
      console.warn(`${trigger}: ${problems.slice(0, 3).join('; ')}`);
    }
    if (Array.isArray(body)) newItems.add(tracker.newItems(trigger, body), { trigger });
    if (trigger === 'trigger-meeting-ended') meetingId = meetingToUse(body);
  }
  if (meetingId) {
    const details = getBearer('partner-meeting', meetingId);
    const meeting = jsonOf(details) as Record<string, unknown> | undefined;
    check(
      details,
      {
        'partner-meeting: 200 with its fields': (r) =>
          r.status === 200 && meetingRequired.every((f) => meeting && f in meeting),
      },
      { kind: 'partner' },
    );
    if (__ITER % generateEvery === 0) {
      const started = Date.now();
      const generated = postJson(
        'generate-document',
        { prompt: 'Write a one-page brief of this meeting.' },
        { id: meetingId, auth: 'bearer', timeout: '120s' },
      );
      documentMs.add(Date.now() - started);
      const document = jsonOf(generated) as Record<string, unknown> | undefined;
      check(
        generated,
        {
          'generate-document: 200 with document_text': (r) =>
            r.status === 200 && documentRequired.every((f) => document && f in document),
        },
        { kind: 'partner' },
      );
    }
  }
  sleep(pollSeconds);
}

export const handleSummary = summaryHandler('partner-poll');

import { sleep } from 'k6';
import { Counter } from 'k6/metrics';
import { Budget, percentileGate } from '../src/budgets.js';
import { requireEnv } from '../src/env.js';
import { M } from '../src/metric-names.js';
import {
  ENDING_FIXTURE,
  type JsonSchemaLike,
  PollTracker,
  requiredFields,
  triggerProblems,
} from '../src/partner-poll.js';
import { plannedSessions, sessionScenario } from '../src/profiles.js';
import { TRIGGER_ROUTES } from '../src/routes.js';
import { streamUrl } from '../src/stream-url.js';
import { env } from './lib/config.js';
import { loadFixture, schema } from './lib/fixtures.js';
import { getBearer, jsonOf, ok200, postJson } from './lib/http.js';
import { checked, gated } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { checkDeployment } from './lib/setup-check.js';
import { runSession } from './lib/stream-driver.js';
import { summaryHandler } from './lib/summary.js';

// The automation platform's traffic: each VU is one connected account polling the four triggers
// with its bearer token (PARTNER_TOKEN, from the deployment's OAuth flow), reading the details of
// the run's meeting and, every GENERATE_EVERY polls, generating a document from it. The platform
// polls each trigger every few minutes per Zap; POLL_SECONDS shortens that for a load test.
// setup() makes that meeting with API_KEY (same account as the token): created, summarized, and
// ended by a short live stream with its meeting_id (the spec's way a meeting ends), so every
// journey has something to work on; teardown() deletes it.

requireEnv(env, ['partnerToken', 'apiKey']);
const endingFixture = await loadFixture(ENDING_FIXTURE);
const pollSeconds = Number(__ENV.POLL_SECONDS || 15);
const generateEvery = Number(__ENV.GENERATE_EVERY || 10);
const required: Record<string, string[]> = {};
for (const trigger of TRIGGER_ROUTES)
  required[trigger] = requiredFields(schema(`${trigger}.item`) as JsonSchemaLike);
const meetingRequired = requiredFields(schema('partner-meeting.response') as JsonSchemaLike);
const documentRequired = requiredFields(schema('generate-document.response') as JsonSchemaLike);

const pollMs = gated(M.partnerPoll);
const newItems = new Counter(M.partnerNewItems);
const badItems = new Counter(M.partnerBadItems);
const documentMs = gated(M.partnerDocument);
const tracker = new PollTracker();

export const options = baseOptions(
  { partner_poll: sessionScenario(env.profile, env.vus) },
  {
    // Four polls an iteration: smoke's 2 iterations are 8 samples, gated on the max.
    [M.partnerPoll]: [
      percentileGate(
        'p(95)',
        '<',
        Budget.partnerPollP95Ms,
        plannedSessions(env.profile) * TRIGGER_ROUTES.length,
      ),
    ],
    [M.partnerBadItems]: ['count<1'],
    'checks{kind:partner}': [
      { threshold: `rate>=${Budget.okRate}`, abortOnFail: true, delayAbortEval: '30s' },
    ],
    // Every journey ran: the run's ended meeting was listed, read and documented.
    'checks{journey:meeting-ended}': [`rate>=${Budget.okRate}`],
    'checks{journey:details}': [`rate>=${Budget.okRate}`],
    'checks{journey:document}': [`rate>=${Budget.okRate}`],
  },
  'closed',
);

interface RunMeeting {
  meetingId: string;
  /** Whether the deployment ended it (stream meeting_id is Parley's extension). */
  ended: boolean;
}

export async function setup(): Promise<RunMeeting> {
  checkDeployment({
    baseUrl: env.baseUrl,
    apiKey: env.apiKey,
    partnerToken: env.partnerToken,
    partnerSegment: env.partnerSegment,
  });
  const created = ok200(
    postJson('create-meeting', { title: `[${env.runId}] partner poll` }),
    'setup create-meeting',
  );
  const meetingId = (created?.meeting as Record<string, unknown> | undefined)?.id;
  if (typeof meetingId !== 'string') throw new Error('setup: create-meeting gave no meeting id');
  ok200(postJson('summarize-meeting', { meeting_id: meetingId }), 'setup summarize-meeting');
  const report = await runSession(streamUrl(env.wsUrl, { apiKey: env.apiKey, format: 'json' }), {
    frames: endingFixture.frames,
    turns: endingFixture.turns,
    config: { session_id: `${env.runId}-partner-setup`, meeting_id: meetingId },
  });
  if (!report.finished)
    throw new Error(`setup: the stream that ends the meeting did not finish (${report.error})`);
  // A stream's meeting_id is Parley's extension (the spec shows no way to end a meeting): a
  // deployment without it leaves the meeting live, and meeting-ended cannot be asked to list it.
  const details = jsonOf(getBearer('partner-meeting', meetingId)) as Record<string, unknown> | undefined;
  const ended = typeof details?.end_at === 'string';
  if (!ended)
    console.warn(
      'setup: the run meeting did not end after a stream with its meeting_id; meeting-ended is checked for a list only',
    );
  // Only the meeting id and whether it ended: setup's answer is printed in the summary.
  return { meetingId, ended };
}

export function teardown(data: RunMeeting): void {
  checked(postJson('delete-meeting', { meeting_id: data.meetingId }), {
    'teardown delete-meeting: 200': (r) => r.status === 200,
  });
}

export default function (data: RunMeeting) {
  const { meetingId } = data;
  for (const trigger of TRIGGER_ROUTES) {
    const response = getBearer(trigger);
    pollMs.add(response.timings.duration, { trigger });
    const body = jsonOf(response);
    const problems = response.status === 200 ? triggerProblems(trigger, body, required[trigger] ?? []) : [];
    checked(response, { [`${trigger}: 200`]: (r) => r.status === 200 }, { kind: 'partner' });
    if (problems.length > 0) {
      badItems.add(problems.length, { trigger });
      console.warn(`${trigger}: ${problems.slice(0, 3).join('; ')}`);
    }
    if (Array.isArray(body)) newItems.add(tracker.newItems(trigger, body), { trigger });
    if (trigger === 'trigger-meeting-ended') {
      checked(
        body,
        {
          'meeting-ended lists the run meeting (when the deployment ended it)': (b) =>
            Array.isArray(b) && (!data.ended || b.some((m) => m?.id === meetingId)),
        },
        { journey: 'meeting-ended' },
      );
    }
  }
  const details = getBearer('partner-meeting', meetingId);
  const meeting = jsonOf(details) as Record<string, unknown> | undefined;
  checked(
    details,
    {
      'partner-meeting: 200 with its fields': (r) =>
        r.status === 200 && meetingRequired.every((f) => meeting && f in meeting),
    },
    { kind: 'partner', journey: 'details' },
  );
  if (__ITER % generateEvery === 0) {
    const generated = postJson(
      'generate-document',
      { prompt: 'Write a one-page brief of this meeting.' },
      { id: meetingId, auth: 'bearer', timeout: '120s' },
    );
    documentMs.add(generated.timings.duration);
    const document = jsonOf(generated) as Record<string, unknown> | undefined;
    checked(
      generated,
      {
        'generate-document: 200 with document_text': (r) =>
          r.status === 200 && documentRequired.every((f) => document && f in document),
      },
      { kind: 'partner', journey: 'document' },
    );
  }
  sleep(pollSeconds);
}

export const handleSummary = summaryHandler('partner-poll');

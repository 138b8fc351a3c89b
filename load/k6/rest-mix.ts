import exec from 'k6/execution';
import { Counter } from 'k6/metrics';
import { Budget, MIN_SAMPLES, percentileGate } from '../src/budgets.js';
import { requireEnv } from '../src/env.js';
import { M } from '../src/metric-names.js';
import { arrivalScenario, plannedArrivals } from '../src/profiles.js';
import {
  arrivalPoint,
  isRunMeeting,
  type Journey,
  journeyArrivals,
  nextMeetingsCursor,
  runTitle,
  stepsFor,
} from '../src/rest-mix.js';
import { env } from './lib/config.js';
import { type Json, ok200, postJson } from './lib/http.js';
import { checked, gated } from './lib/metrics.js';
import { baseOptions } from './lib/options.js';
import { checkDeployment } from './lib/setup-check.js';
import { summaryHandler } from './lib/summary.js';

// The meeting REST routes in a realistic mix, open model: arrivals at RATE per second whatever the
// latency. Every meeting this run creates carries the run prefix in its title; teardown deletes
// them all and counts what is left.

requireEnv(env, ['apiKey']);
const restOk = gated(M.restOk);
const leftovers = new Counter(M.restLeftovers);
const mine: string[] = [];
let created = 0;

// Each route gets its share of the arrivals (at least journeyArrivals); its gates read the
// percentiles that many samples carry.
const arrivals = plannedArrivals(env.profile, env.rate);
const perRoute = (name: string, journey: Journey) => {
  const samples = journeyArrivals(arrivals, journey);
  return {
    [`http_req_duration{name:${name}}`]: [
      percentileGate('p(95)', '<', Budget.restP95Ms, samples),
      ...(samples >= MIN_SAMPLES['p(99)'] ? [`p(99)<${Budget.restP99Ms}`] : []),
    ],
  };
};
export const options = baseOptions(
  { rest_mix: arrivalScenario(env.profile, env.rate, Math.max(20, env.rate * 10)) },
  {
    [M.restOk]: [{ threshold: `rate>=${Budget.okRate}`, abortOnFail: true, delayAbortEval: '30s' }],
    [M.restLeftovers]: ['count<1'],
    ...perRoute('create-meeting', 'create'),
    ...perRoute('get-meetings', 'list'),
    ...perRoute('send-meeting-message', 'messages'),
    ...perRoute('get-meeting-messages', 'messages'),
    ...perRoute('add-meeting-participants', 'participants'),
    ...perRoute('summarize-meeting', 'summary'),
    ...perRoute('get-meeting-summary', 'summary'),
    ...perRoute('delete-meeting', 'delete'),
  },
  'arrival',
);

function record(body: Json | undefined): Json | undefined {
  restOk.add(body !== undefined);
  return body;
}

function create(): void {
  const body = record(
    ok200(postJson('create-meeting', { title: runTitle(env.runId, ++created) }), 'create-meeting'),
  );
  const meeting = body?.meeting as Json | undefined;
  if (typeof meeting?.id === 'string') mine.push(meeting.id);
}

function list(): void {
  const first = record(ok200(postJson('get-meetings', { limit: 20 }), 'get-meetings'));
  const meetings = (first?.meetings as Json[] | undefined) ?? [];
  const cursor = nextMeetingsCursor(meetings);
  if (first?.has_more === true && cursor) {
    record(ok200(postJson('get-meetings', { limit: 20, last_updated_at: cursor }), 'get-meetings page 2'));
  }
}

function pick(): string {
  return mine[Math.floor(Math.random() * mine.length)] ?? '';
}

function messages(): void {
  const meeting_id = pick();
  record(
    ok200(
      postJson('send-meeting-message', { meeting_message: { meeting_id, text: 'Load test note' } }),
      'send-meeting-message',
    ),
  );
  record(ok200(postJson('get-meeting-messages', { meeting_id, limit: 20 }), 'get-meeting-messages'));
}

function participants(): void {
  const meeting_id = pick();
  const participant_ids = [`em:load.${env.runId}.${__VU}@example.com`];
  record(
    ok200(postJson('add-meeting-participants', { meeting_id, participant_ids }), 'add-meeting-participants'),
  );
  record(
    ok200(
      postJson('remove-meeting-participants', { meeting_id, participant_ids }),
      'remove-meeting-participants',
    ),
  );
}

// A meeting has a summary only once one was made (the spec's summarize-meeting); asking a fresh
// meeting is a 404 by design, so the journey summarizes first, as a meeting client does.
function summary(): void {
  const meeting_id = pick();
  record(ok200(postJson('summarize-meeting', { meeting_id }), 'summarize-meeting'));
  record(ok200(postJson('get-meeting-summary', { meeting_id }), 'get-meeting-summary'));
}

function remove(): void {
  const id = mine.pop();
  if (id) record(ok200(postJson('delete-meeting', { meeting_id: id }), 'delete-meeting'));
}

const JOURNEY = { create, list, messages, participants, summary, delete: remove };

export function setup(): void {
  checkDeployment({ baseUrl: env.baseUrl, apiKey: env.apiKey });
}

export default function () {
  const point = arrivalPoint(exec.scenario.iterationInTest);
  for (const step of stepsFor(point, mine.length)) JOURNEY[step]();
}

/** Deletes every meeting whose title carries this run's prefix, then counts what is left. */
export function teardown(): void {
  const sweep = (del: boolean) => {
    let found = 0;
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const body = ok200(
        postJson('get-meetings', cursor ? { limit: 50, last_updated_at: cursor } : { limit: 50 }),
        'cleanup list',
      );
      const meetings = (body?.meetings as Json[] | undefined) ?? [];
      for (const m of meetings) {
        if (!isRunMeeting(m.title, env.runId)) continue;
        found++;
        if (del)
          checked(postJson('delete-meeting', { meeting_id: m.id }), {
            'cleanup delete: 200': (r) => r.status === 200,
          });
      }
      cursor = nextMeetingsCursor(meetings);
      if (body?.has_more !== true || !cursor) break;
    }
    return found;
  };
  sweep(true);
  leftovers.add(sweep(false));
}

export const handleSummary = summaryHandler('rest-mix');

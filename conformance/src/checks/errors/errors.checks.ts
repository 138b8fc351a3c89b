import { ErrorText } from '@parley/schemas/constants';
import auth from '../../../cases/auth-cases.json' with { type: 'json' };
import { choice, couldNotJudge, deviate, expect, skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at, pickString } from '../../json-path.js';
import { negativeBodies } from '../../negative-bodies.js';
import {
  expectErrorBody,
  expectErrorText,
  expectTextInBody,
  expectValidationBody,
  verifyStatus,
} from '../../schema-check.js';
import { fill, restSequence } from '../../sequence.js';
import { define } from '../define.js';

// Errors: the spec's 401 texts on every route family, invalid JSON, schema-violating bodies proved
// invalid before sending, exact 404 bodies, never a 5xx for bad input, and another account's data.

const MEETING_ROUTES = restSequence.afterDelete.map((step) => step.route);

async function liveMeeting(ctx: CheckContext) {
  const meetingId = (await ctx.createMeeting('errors')).meeting.id;
  return { meeting_id: meetingId, message_id: 'none', host_user_id: 'none', title: 'x' };
}

/** `path` appears in `loc` in order, each step right after the one before. */
export function pointsAt(loc: (string | number)[], path: (string | number)[]): boolean {
  return loc.some((_, start) => path.every((step, i) => loc[start + i] === step));
}

function sendAuthCase(ctx: CheckContext, c: (typeof auth.cases)[number], key: string | null) {
  if (c.auth === 'query') {
    const query = key === null ? '' : `?api_key=${encodeURIComponent(key)}`;
    return ctx.http.send(`${c.path}${query}`, { method: 'POST', body: c.body });
  }
  return ctx.http.send(c.path, {
    method: 'POST',
    headers: key === null ? {} : { 'X-API-Key': key },
    body: c.body,
  });
}

export const errorsChecks = [
  define({
    id: 'errors.01.auth-texts',
    title:
      'Missing key → 401 "Missing authorization"; invalid key → 401 "Invalid API key", on every route family',
    area: 'errors',
    clause: 'Authentication 5: 401 ("Missing authorization") / 401 ("Invalid API key")',
    spec: 'A missing key gives 401 ("Missing authorization"); an invalid key gives 401 ("Invalid API key").',
    choices: "the generic error body on the speech routes too; Parley's code names",
    level: 'MUST',
    expectsAuthErrors: true,
    async run(ctx) {
      const bad = `invalid-${ctx.target.runId}`;
      for (const c of auth.cases) {
        for (const [key, what, text] of [
          [null, `${c.family} without a key`, ErrorText.missingAuth],
          [bad, `${c.family} with an invalid key`, ErrorText.invalidKey],
        ] as const) {
          const reply = await sendAuthCase(ctx, c, key);
          if (!verifyStatus(reply, 401, what)) continue;
          // The meeting REST routes have the generic error body; the speech routes a status and a text;
          // denoise's error body is not shown ("Error responses of [...] denoise: not shown"), so its
          // text may sit anywhere in it, and the generic body is Parley's choice there.
          if (c.auth === 'query') expectErrorText(reply, what, text);
          else if ('errorBody' in c) expectTextInBody(reply, what, text);
          else expectErrorBody(reply, what, undefined, text);
        }
      }
      return `${auth.cases.length} route families`;
    },
  }),
  define({
    id: 'errors.02.invalid-json',
    title:
      'A body that is not JSON → 400 (or the declared 422 on a meeting route); "Invalid JSON" on file STT',
    area: 'errors',
    clause: 'Errors 2: 400 invalid request body; Errors 3: 422 declared; Errors table: 400 Invalid JSON',
    spec: '400 invalid request body; / The machine-readable description declares 422 for request validation failures [...] / | 400 | Invalid JSON | body cannot be parsed |',
    level: 'MUST',
    async run(ctx) {
      const broken = '{"meeting_id": ';
      const rest = await ctx.http.send('/v1/get-meetings', {
        method: 'POST',
        headers: { 'X-API-Key': ctx.target.apiKey, 'content-type': 'application/json' },
        body: broken,
      });
      // A meeting route's "invalid request body" is a 400 with the generic error body or the 422 the
      // machine-readable description declares (FastAPI's json_invalid); only the speech table pins
      // the text.
      const what = 'get-meetings with broken JSON';
      if (rest.status === 422) expectValidationBody(rest, what);
      else if (verifyStatus(rest, 400, what)) expectErrorBody(rest, what);
      const stt = await ctx.http.send(`/v1/stt?api_key=${encodeURIComponent(ctx.target.apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: broken,
      });
      if (verifyStatus(stt, 400, 'stt with broken JSON'))
        expectErrorBody(stt, 'stt with broken JSON', undefined, ErrorText.invalidJson);
    },
  }),
  define({
    id: 'errors.03.schema-violations',
    title: 'Bodies that break the request schema → 400/422, the validation detail naming the broken part',
    area: 'errors',
    clause: 'Errors 3: 422 for request validation failures; Resources: Validation error body',
    spec: 'The machine-readable description declares 422 for request validation failures, with the validation error body given under Resources. / 400 invalid request body',
    choices:
      'loc starting with "body"; refusing a value past a bound, a format near-miss or an unknown enum value (a deployment may clamp or tolerate them)',
    level: 'MUST',
    async run(ctx) {
      const vars = await liveMeeting(ctx);
      // create-meeting's invalid bodies in the full profile only: one accepted makes a meeting.
      const steps = restSequence.steps.filter(
        (s) =>
          s.route !== 'delete-meeting' && (s.route !== 'create-meeting' || ctx.target.profile === 'full'),
      );
      let sent = 0;
      for (const step of steps) {
        const valid = fill(step.body, vars) as Record<string, unknown>;
        const bodies = negativeBodies(step.route, valid, ctx.rng, ctx.target.profile === 'full');
        const chosen = ctx.target.profile === 'full' ? bodies : ctx.rng.shuffle(bodies).slice(0, 1);
        for (const negative of chosen) {
          sent++;
          // The answer's name: the route and the broken part (its random values stay out of it).
          const answer = `${step.route} ${negative.how} ${negative.part}`;
          const what = `${step.route} with ${negative.part} ${negative.how} (validator: ${negative.proof})`;
          const reply = await ctx.callRaw(step.route, negative.body);
          // A meeting made of an invalid body is the run's to delete.
          const made = step.route === 'create-meeting' ? pickString(reply.body, 'meeting.id') : undefined;
          if (reply.status === 200 && made) ctx.remember(made);
          if (reply.status === 422) {
            const locs = expectValidationBody(reply, answer).map((d) => d.loc);
            // The broken part's path, in order, within some loc (a "body" first or not).
            verify(
              locs.some((loc) => pointsAt(loc, negative.path)),
              'VALUE',
              `${what}: 422 detail loc ${JSON.stringify(locs)} does not name ${negative.part}`,
              at(answer, '$.detail[*].loc', negative.path, locs),
            );
            choice(
              locs.some((loc) => loc[0] === 'body'),
              'VALUE',
              `${what}: loc ${JSON.stringify(locs)} does not start with "body" (FastAPI's form)`,
              at(answer, '$.detail[*].loc[0]', 'body', locs[0]?.[0]),
            );
          } else if (reply.status === 400) expectErrorBody(reply, answer);
          else if (reply.status === 200 && !negative.mustRefuse)
            choice(
              false,
              'STATUS',
              `${what}: accepted (200), not refused`,
              at(answer, 'status', '400 or 422', 200),
            );
          else
            deviate(
              'STATUS',
              `${what}: ${reply.status}, expected 400 or 422`,
              at(answer, 'status', '400 or 422', reply.status),
            );
        }
      }
      if (sent === 0) skip('no request schema yielded a provably invalid body');
      return `${sent} invalid bodies`;
    },
  }),
  define({
    id: 'errors.04.unknown-ids',
    title: 'An unknown meeting id → 404 {success:false, error, code:"NOT_FOUND"} exactly',
    area: 'errors',
    clause: 'Errors 1: error body {success:false, error, code}; code NOT_FOUND for an unknown meeting',
    spec: 'Meeting REST error body (generic form): `{success: false, error: string, code: string}`; the code value seen is `NOT_FOUND` for an unknown meeting.',
    choices: "exactly the keys success, error, code; Parley's code pattern",
    level: 'MUST',
    async run(ctx) {
      const vars = { meeting_id: `${ctx.target.runId}-no-such-meeting`, message_id: 'x', host_user_id: 'x' };
      for (const step of restSequence.afterDelete) {
        const reply = await ctx.callRaw(step.route, fill(step.body, vars));
        const what = `${step.route} of an unknown meeting`;
        if (!verifyStatus(reply, 404, what)) continue;
        expectErrorBody(reply, what, 'NOT_FOUND');
        const body = reply.body;
        const keys = (body && typeof body === 'object' ? Object.keys(body) : []).sort().join(',');
        choice(
          keys === 'code,error,success',
          'SCHEMA',
          `${step.route}: 404 body has fields ${keys}`,
          at(what, '$', 'code,error,success', keys),
        );
      }
      return `${MEETING_ROUTES.length} routes`;
    },
  }),
  define({
    id: 'errors.05.no-5xx-for-bad-input',
    title: 'No bad input gets a 5xx',
    area: 'errors',
    clause: 'Errors 2: 400 invalid request body (500 is for internal errors)',
    spec: 'Status codes for the meeting REST interface: [...] 400 invalid request body; [...] 500 internal error.',
    level: 'MUST',
    async run(ctx) {
      const junk: unknown[] = [
        '[]',
        '"text"',
        'null',
        '42',
        '{"limit": -1}',
        '{"limit": 1e308}',
        '{"meeting_id": null}',
      ];
      const routes = [
        'get-meetings',
        'create-meeting',
        'get-meeting-messages',
        'send-meeting-message',
        'assign-co-host',
      ];
      const count = ctx.target.profile === 'full' ? junk.length * routes.length : 8;
      for (let i = 0; i < count; i++) {
        const route =
          ctx.target.profile === 'full' ? (routes[i % routes.length] as string) : ctx.rng.pick(routes);
        const body = ctx.target.profile === 'full' ? junk[Math.floor(i / routes.length)] : ctx.rng.pick(junk);
        const reply = await ctx.http.send(`/v1/${route}`, {
          method: 'POST',
          headers: { 'X-API-Key': ctx.target.apiKey, 'content-type': 'application/json' },
          body: body as string,
        });
        verify(
          reply.status >= 200 && reply.status < 500,
          'STATUS',
          `${route} with body ${String(body)}: ${reply.status}`,
          at(`${route} with body ${String(body)}`, 'status', 'not 5xx', reply.status),
        );
      }
      return `${count} bad inputs`;
    },
  }),
  define({
    id: 'errors.06.second-account-404',
    title: "Another account's meeting is a 404",
    area: 'errors',
    clause: 'Errors 2: 404 resource not found; every query scoped to its caller',
    spec: "Meeting management: [...] list the caller's meetings / 404 resource not found (unknown meeting or message id)",
    level: 'MUST',
    async run(ctx) {
      const other = ctx.target.secondApiKey;
      if (!other) skip('needs --second-api-key', ['--second-api-key']);
      const meetingId = (await ctx.createMeeting('private')).meeting.id;
      const reply = await ctx.call('get-meeting-messages', { meeting_id: meetingId }, other ?? null);
      if (reply.status === 401) couldNotJudge('the second key was refused (401)');
      expect(
        reply.status === 404,
        'STATUS',
        `get-meeting-messages with the second account's key: ${reply.status}`,
        at("another account's meeting", 'status', 404, reply.status),
      );
      expectErrorBody(reply, "another account's meeting", 'NOT_FOUND');
    },
  }),
];

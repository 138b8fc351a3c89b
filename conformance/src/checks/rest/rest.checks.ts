import { Limits, MeetingStatus } from '@parley/schemas/constants';
import { expectAnswer } from '../../answer.js';
import { call } from '../../call.js';
import { expect, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at, pick } from '../../json-path.js';
import {
  expectErrorBody,
  expectJson,
  expectSchema,
  expectStatus,
  expectValidationBody,
  verifyStatus,
} from '../../schema-check.js';
import { restSequence, runSteps } from '../../sequence.js';
import { define } from '../define.js';
import { SETTING_FIELDS, settingUpdateOf } from '../settings-people/setting-fields.js';
import { verifyUtcStamps } from './utc-stamps.js';

// REST: every route's answer against its schema, the spec's defaults and limits (the pagination
// walk is meetings-walk.checks.ts), and the create → … → delete sequence with 404s after it.

export const restChecks = [
  define({
    id: 'rest.01.route-schemas',
    title: 'Every meeting REST route answers 200 with a body matching its schema',
    area: 'rest',
    clause: 'Endpoints: response bodies; Resources and their fields',
    spec: 'All meeting REST endpoints use the `POST` method, a JSON request body (`Content-Type: application/json`) and a JSON response. [...] A 200 is the success status.',
    choices:
      "Parley's schemas of fields the spec leaves open (formats, which optional fields appear) are the spec's tables as written; extra fields pass",
    level: 'MUST',
    async run(ctx) {
      const vars = { title: ctx.title('schemas') };
      await runSteps(ctx, restSequence.steps, vars, (step, reply) => {
        expectStatus(reply, 200, step.route);
        expectSchema(`${step.route}.response`, reply, step.route);
        verifyUtcStamps(reply.body, step.route);
      });
      return `${restSequence.steps.length} routes`;
    },
  }),
  define({
    id: 'rest.02.create-meeting-defaults',
    title: 'create-meeting applies the defaults: empty title, host among participants, MS_LIVE',
    area: 'rest',
    clause: 'Endpoints/Meetings: create-meeting defaults; States: a new meeting is MS_LIVE',
    spec: 'title string (optional, default empty string); participant_ids: host included; a meeting returned by create-meeting has status `MS_LIVE`',
    level: 'MUST',
    async run(ctx) {
      const reply = await ctx.call('create-meeting', {});
      expectStatus(reply, 200, 'create-meeting {}');
      // Read unvalidated, field by field: each default is judged with its own code and path
      // (rest.01 judges the schema), so a wrong status is VALUE here, not the schema's SCHEMA.
      const meeting = pick(reply.body, 'meeting');
      expect(
        meeting && typeof meeting === 'object',
        'MISSING_FIELD',
        'create-meeting {}: no meeting in the answer',
        at('create-meeting', '$.meeting', 'a meeting'),
      );
      const [id, title, status, host] = ['id', 'title', 'status', 'host_user_id'].map((f) =>
        pick(meeting, f),
      );
      ctx.remember(String(id));
      verify(
        title === '',
        'VALUE',
        `title is ${JSON.stringify(title)}, expected ""`,
        at('create-meeting', '$.meeting.title', '', title),
      );
      verify(
        status === MeetingStatus.LIVE,
        'VALUE',
        `status is ${JSON.stringify(status)}, expected MS_LIVE`,
        at('create-meeting', '$.meeting.status', MeetingStatus.LIVE, status),
      );
      const ids = pick(meeting, 'participant_ids');
      verify(
        Array.isArray(ids) && ids.includes(host),
        'MISSING_ITEM',
        'participant_ids lacks the host',
        at('create-meeting', '$.meeting.participant_ids', host, ids),
      );
    },
  }),
  define({
    id: 'rest.03.get-meetings-newest-first',
    title: 'get-meetings lists the newest meeting first',
    area: 'rest',
    clause: "Endpoints/Meetings: get-meetings returns the caller's meetings, newest first",
    spec: "{success, meetings: Meeting[], has_more: boolean}; the caller's meetings, newest first",
    level: 'MUST',
    async run(ctx) {
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push((await ctx.createMeeting(`order ${i}`)).meeting.id);
      const { meetings } = await call(ctx, 'get-meetings', { limit: Limits.meetings.max });
      const ids = meetings.map((m) => m.id).filter((id) => made.includes(id));
      const newestFirst = [...made].reverse();
      verify(
        JSON.stringify(ids) === JSON.stringify(newestFirst),
        ids.length === made.length ? 'ORDER' : 'MISSING_ITEM',
        `created ${made.join(', ')} in that order; listed as ${ids.join(', ')}`,
        at('get-meetings', '$.meetings', newestFirst, ids),
      );
    },
  }),
  define({
    id: 'rest.04.get-meetings-limits',
    title: 'get-meetings: default limit 50, maximum 50',
    area: 'rest',
    clause: 'Limits: get-meetings limit default 50, maximum 50',
    spec: 'limit integer (optional, default 50, max 50)',
    choices: 'limit 51 refused rather than clamped',
    level: 'MUST',
    full: true,
    async run(ctx) {
      // More than a page's worth first. The account may be in use meanwhile (a deletion by another
      // client between the count and the read): a short page is read again while the account no
      // longer holds more than a page, twice at most.
      const defaultPage = async () => {
        const count = await countMeetings(ctx);
        for (let i = count; i < Limits.meetings.default + 1; i++) await ctx.createMeeting(`limit ${i}`);
        return call(ctx, 'get-meetings', {}, { what: 'get-meetings {}' });
      };
      let body = await defaultPage();
      for (
        let retry = 0;
        retry < 2 &&
        body.meetings.length !== Limits.meetings.default &&
        (await countMeetings(ctx)) <= Limits.meetings.default;
        retry++
      )
        body = await defaultPage();
      verify(
        body.meetings.length === Limits.meetings.default,
        'COUNT',
        `default page held ${body.meetings.length} meetings`,
        at('get-meetings {}', '$.meetings', Limits.meetings.default, body.meetings.length),
      );
      verify(
        body.has_more === true,
        'VALUE',
        'has_more is false with more than 50 meetings',
        at('get-meetings {}', '$.has_more', true, body.has_more),
      );
      const over = await ctx.call('get-meetings', { limit: Limits.meetings.max + 1 });
      if (over.status === 200) {
        const n = expectAnswer(over, 'get-meetings', 'limit 51').meetings.length;
        verify(
          n <= Limits.meetings.max,
          'COUNT',
          `limit 51 returned ${n} meetings`,
          at('limit 51', '$.meetings', `at most ${Limits.meetings.max}`, n),
        );
      } else if (over.status === 422) expectValidationBody(over, 'limit 51');
      else expectErrorBody(over, 'limit 51');
    },
  }),
  define({
    id: 'rest.06.stateful-sequence',
    title: 'create → participants → co-hosts → messages → summary → transcripts → delete, then 404 on each',
    area: 'rest',
    clause: 'Endpoints; Errors: 404 resource not found (unknown meeting)',
    spec: '404 resource not found (unknown meeting or message id)',
    level: 'MUST',
    async run(ctx) {
      const vars: Record<string, string> = { title: ctx.title('sequence') };
      await runSteps(ctx, restSequence.steps, vars, (step, reply) => {
        expectStatus(reply, 200, step.route);
        if (step.route === 'delete-meeting') {
          const { success } = expectAnswer(reply, 'delete-meeting');
          verify(
            success === true,
            'VALUE',
            'delete-meeting: success is not true',
            at('delete-meeting', '$.success', true, success),
          );
        }
      });
      const listed = await ctx.call('get-meetings', { limit: Limits.meetings.max });
      const deleted = 'get-meetings after delete';
      const ids = (listed.status === 200 ? expectAnswer(listed, 'get-meetings', deleted).meetings : []).map(
        (m) => m.id,
      );
      verify(
        !ids.includes(vars.meeting_id ?? ''),
        'UNEXPECTED_ITEM',
        'the deleted meeting is still listed by get-meetings',
        at(deleted, '$.meetings[*].id', 'not the deleted meeting', vars.meeting_id),
      );
      await runSteps(ctx, restSequence.afterDelete, vars, (step, reply) => {
        if (verifyStatus(reply, 404, `${step.route} after delete`))
          expectErrorBody(reply, `${step.route} after delete`, 'NOT_FOUND');
      });
    },
  }),
  define({
    id: 'rest.07.settings-round-trip',
    title: 'update-user-default-meeting-setting is read back by get-user-default-meeting-setting',
    area: 'rest',
    clause: 'Endpoints/Default meeting settings',
    spec: 'Per-user default meeting settings: read and update languages and context keywords.',
    level: 'MUST',
    async run(ctx) {
      const { setting: saved } = await call(
        ctx,
        'get-user-default-meeting-setting',
        {},
        { what: 'get settings' },
      );
      const wanted = {
        original_languages: ['en', 'de'],
        view_language: 'de',
        translation_languages: ['fr'],
        contextual_keywords: [ctx.target.runId],
      };
      try {
        const update = await ctx.call('update-user-default-meeting-setting', wanted);
        expectStatus(update, 200, 'update settings');
        expectSchema('update-user-default-meeting-setting.response', update, 'update settings');
        const { setting } = await call(ctx, 'get-user-default-meeting-setting', {}, { what: 'get settings' });
        for (const field of SETTING_FIELDS) {
          const [value, got] = [wanted[field], setting[field]];
          verify(
            JSON.stringify(got) === JSON.stringify(value),
            'VALUE',
            `${field} read back as ${JSON.stringify(got)}, saved ${JSON.stringify(value)}`,
            at('get settings', `$.setting.${field}`, value, got),
          );
        }
      } finally {
        // Runs hit real accounts: put the caller's settings back.
        await ctx.call('update-user-default-meeting-setting', settingUpdateOf(saved));
      }
    },
  }),
  define({
    id: 'rest.08.health',
    title: '/health answers a JSON 200 without a credential',
    area: 'rest',
    clause: 'What the service does 13; Authentication 6: the health endpoint needs no credential',
    spec: 'A health endpoint: `GET /health`, no authentication, returns a JSON 200 (body shape unspecified).',
    level: 'MUST',
    async run(ctx) {
      const reply = await ctx.http.send('/health');
      expectStatus(reply, 200, 'GET /health without a credential');
      expectJson(reply, 'GET /health');
    },
  }),
];

async function countMeetings(ctx: CheckContext): Promise<number> {
  const reply = await ctx.call('get-meetings', { limit: Limits.meetings.max });
  const body = expectAnswer(reply, 'get-meetings');
  return body.has_more ? Limits.meetings.max + 1 : body.meetings.length;
}

import { Limits, MeetingStatus } from '@parley/schemas/constants';
import type { MeetingWithProfiles } from '@parley/schemas/types';
import { restAnswer } from '../answer.js';
import { expect, fail } from '../check.js';
import type { CheckContext } from '../context.js';
import {
  expectErrorBody,
  expectJson,
  expectSchema,
  expectStatus,
  expectValidationBody,
} from '../schema-check.js';
import { restSequence, runSteps } from '../sequence.js';
import { define } from './define.js';

// REST: every route's answer against its schema, the spec's defaults and limits, pagination
// invariants under random page sizes, and the create → … → delete sequence with 404s after it.

type Meeting = MeetingWithProfiles;

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
      const { meeting } = restAnswer('create-meeting', reply, 'create-meeting {}');
      ctx.remember(meeting.id);
      expect(meeting.title === '', `title is ${JSON.stringify(meeting.title)}, expected ""`);
      expect(
        meeting.status === MeetingStatus.LIVE,
        `status is ${JSON.stringify(meeting.status)}, expected MS_LIVE`,
      );
      expect(meeting.participant_ids.includes(meeting.host_user_id), 'participant_ids lacks the host');
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
      const reply = await ctx.call('get-meetings', { limit: Limits.meetings.max });
      expectStatus(reply, 200, 'get-meetings');
      const ids = restAnswer('get-meetings', reply)
        .meetings.map((m) => m.id)
        .filter((id) => made.includes(id));
      expect(
        JSON.stringify(ids) === JSON.stringify([...made].reverse()),
        `created ${made.join(', ')} in that order; listed as ${ids.join(', ')}`,
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
      const count = await countMeetings(ctx);
      for (let i = count; i < Limits.meetings.default + 1; i++) await ctx.createMeeting(`limit ${i}`);
      const plain = await ctx.call('get-meetings', {});
      expectStatus(plain, 200, 'get-meetings {}');
      const body = restAnswer('get-meetings', plain, 'get-meetings {}');
      expect(
        body.meetings.length === Limits.meetings.default,
        `default page held ${body.meetings.length} meetings`,
      );
      expect(body.has_more === true, 'has_more is false with more than 50 meetings');
      const over = await ctx.call('get-meetings', { limit: Limits.meetings.max + 1 });
      if (over.status === 200) {
        const n = restAnswer('get-meetings', over, 'limit 51').meetings.length;
        expect(n <= Limits.meetings.max, `limit 51 returned ${n} meetings`);
      } else if (over.status === 422) expectValidationBody(over, 'limit 51');
      else expectErrorBody(over, 'limit 51');
    },
  }),
  define({
    id: 'rest.05.pagination-walk',
    title: 'get-meetings pages: each meeting once, order kept, has_more true exactly when more exist',
    area: 'rest',
    clause: 'Endpoints/Meetings: get-meetings last_updated_at cursor, limit, has_more',
    spec: 'last_updated_at string RFC 3339 (optional; returns meetings updated before this time); limit integer (optional, default 50, max 50)',
    level: 'MUST',
    async run(ctx) {
      const made = new Set<string>();
      for (let i = 0; i < 7; i++) made.add((await ctx.createMeeting(`page ${i}`)).meeting.id);
      const seen: Meeting[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 200; page++) {
        const limit = ctx.rng.int(1, 4);
        const reply = await ctx.call('get-meetings', cursor ? { limit, last_updated_at: cursor } : { limit });
        expectStatus(reply, 200, `page ${page}`);
        const body = restAnswer('get-meetings', reply, `page ${page}`);
        expect(
          body.meetings.length <= limit,
          `page ${page} held ${body.meetings.length} items for limit ${limit}`,
        );
        if (body.has_more)
          expect(body.meetings.length === limit, `page ${page}: has_more true on a short page`);
        seen.push(...body.meetings);
        if (!body.has_more) {
          const after = await ctx.call('get-meetings', { limit: 1, last_updated_at: last(seen) ?? cursor });
          const rest =
            after.status === 200 ? restAnswer('get-meetings', after, 'the page after the last').meetings : [];
          expect(
            rest.length === 0 || seen.length === 0,
            `has_more false on page ${page} but more meetings follow`,
          );
          break;
        }
        cursor = last(seen);
        expect(cursor, `page ${page}: has_more true on an empty page`);
      }
      const ids = seen.map((m) => m.id);
      const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(dupes.length === 0, `listed twice: ${[...new Set(dupes)].join(', ')}`);
      const missing = [...made].filter((id) => !ids.includes(id));
      expect(missing.length === 0, `never listed: ${missing.join(', ')}`);
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [String(seen[i - 1]?.updated_at), String(seen[i]?.updated_at)];
        if (a < b) fail(`order broken across pages: ${seen[i - 1]?.id} (${a}) before ${seen[i]?.id} (${b})`);
      }
      return `${seen.length} meetings walked`;
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
          expect(restAnswer('delete-meeting', reply).success === true, 'delete-meeting: success is not true');
        }
      });
      const listed = await ctx.call('get-meetings', { limit: Limits.meetings.max });
      const ids = (listed.status === 200 ? restAnswer('get-meetings', listed).meetings : []).map((m) => m.id);
      expect(!ids.includes(vars.meeting_id ?? ''), 'the deleted meeting is still listed by get-meetings');
      await runSteps(ctx, restSequence.afterDelete, vars, (step, reply) => {
        expectStatus(reply, 404, `${step.route} after delete`);
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
      const before = await ctx.call('get-user-default-meeting-setting', {});
      expectStatus(before, 200, 'get settings');
      const saved = restAnswer('get-user-default-meeting-setting', before, 'get settings').setting;
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
        const after = await ctx.call('get-user-default-meeting-setting', {});
        const setting = restAnswer(
          'get-user-default-meeting-setting',
          after,
          'get settings after the update',
        ).setting;
        for (const field of SETTING_FIELDS) {
          const [got, value] = [JSON.stringify(setting[field]), JSON.stringify(wanted[field])];
          expect(got === value, `${field} read back as ${got}, saved ${value}`);
        }
      } finally {
        // Runs hit real accounts: put the caller's settings back.
        const { user_id: _u, max_recording_minutes: _m, ...restore } = saved;
        await ctx.call('update-user-default-meeting-setting', restore);
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

/** The fields rest.07 saves and reads back. */
const SETTING_FIELDS = [
  'original_languages',
  'view_language',
  'translation_languages',
  'contextual_keywords',
] as const;

const last = (items: Meeting[]) => items[items.length - 1]?.updated_at;

async function countMeetings(ctx: CheckContext): Promise<number> {
  const reply = await ctx.call('get-meetings', { limit: Limits.meetings.max });
  const body = restAnswer('get-meetings', reply);
  return body.has_more ? Limits.meetings.max + 1 : body.meetings.length;
}

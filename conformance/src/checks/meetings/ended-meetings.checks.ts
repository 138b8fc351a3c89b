import { Limits, MeetingStatus } from '@parley/schemas/constants';
import { call } from '../../call.js';
import { choice, skip, Verdict, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { instantOf } from '../../instants.js';
import { at } from '../../json-path.js';
import { partnerGet } from '../../partner-oauth.js';
import { define } from '../define.js';
import type { Meeting } from './meeting-reads.js';

// Ended meetings as a deployment shows them: no route of the spec ends a meeting, so the check reads
// the ones it has: those the partner meeting-ended trigger lists (with a partner token), and those
// get-meetings lists with status EMS_ENDED (the transcribed meeting the run is given among them).
// get-meetings "list[s] the caller's meetings", ended ones too: the one --transcript-meeting-id names
// ("an ended meeting of the key's account") and any the trigger names whose host is the caller must
// be listed when the listing is read to its end; one hosted by another user may be the trigger's
// only ("meetings the user took part in"), and is not asked for.

/** At most this many pages of get-meetings are walked (the ended meetings may sit below newer ones). */
const PAGES = 10;
const TRIGGER = '/api/partner/triggers/meeting-ended';
const NEEDED = ['--partner-token', '--oauth-client', '--transcript-meeting-id'];

/** The meeting-ended trigger's items as `{id, end_at}` (unjudged otherwise: partner.04 judges them); none without a token. */
async function endedByTrigger(
  ctx: CheckContext,
): Promise<{ id: string; end_at: unknown; host_user_id: unknown }[]> {
  try {
    const reply = await partnerGet(ctx, TRIGGER);
    if (reply.status !== 200 || !Array.isArray(reply.body)) return [];
    return (reply.body as unknown[]).flatMap((item) =>
      item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'
        ? [
            {
              id: (item as { id: string }).id,
              end_at: (item as { end_at?: unknown }).end_at,
              host_user_id: (item as { host_user_id?: unknown }).host_user_id,
            },
          ]
        : [],
    );
  } catch (error) {
    // No partner credential (or no grant): get-meetings alone is read.
    if (error instanceof Verdict && error.status !== 'FAIL') return [];
    throw error;
  }
}

/**
 * The caller's meetings, newest first, until every wanted id is listed or the listing ends;
 * `ended` tells whether the listing was read to its end.
 */
async function listedMeetings(
  ctx: CheckContext,
  wanted: ReadonlySet<string>,
): Promise<{ meetings: Meeting[]; ended: boolean }> {
  const all: Meeting[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const body = { limit: Limits.meetings.max, ...(cursor ? { last_updated_at: cursor } : {}) };
    const { meetings, has_more } = await call(ctx, 'get-meetings', body, { what: 'get-meetings' });
    all.push(...meetings);
    cursor = meetings[meetings.length - 1]?.updated_at;
    if (!has_more || !cursor) return { meetings: all, ended: true };
    const found = [...wanted].every((id) => all.some((m) => m.id === id));
    if (found && all.some((m) => m.status === MeetingStatus.ENDED)) break;
  }
  return { meetings: all, ended: false };
}

/** The caller's user id: the host of a meeting the caller creates. */
async function callerId(ctx: CheckContext): Promise<unknown> {
  const { meeting } = await call(ctx, 'create-meeting', { title: ctx.title('ended meetings') });
  ctx.remember(meeting.id);
  return meeting.host_user_id;
}

export const endedMeetingsChecks = [
  define({
    id: 'rest.25.ended-meetings-end-at',
    title:
      "Ended meetings carry end_at: those listed with status EMS_ENDED, and those the meeting-ended trigger lists; the caller's own among the latter are listed by get-meetings",
    area: 'rest',
    clause:
      "Resources/Meeting: end_at present on ended meetings; States and transitions: EMS_ENDED; What the service does: list the caller's meetings",
    spec: "end_at | timestamp | present on ended meetings / `EMS_ENDED` (a meeting that has ended, with `end_at` set) / the meeting-ended trigger of the automation interface lists meetings that have ended. / Meeting management: [...] list the caller's meetings",
    choices: "a meeting's end_at in get-meetings is the instant the meeting-ended trigger gives it",
    level: 'MUST',
    async run(ctx) {
      const triggered = await endedByTrigger(ctx);
      for (const [i, item] of triggered.entries())
        verify(
          instantOf(item.end_at) !== undefined,
          'MISSING_FIELD',
          `trigger meeting-ended: meeting ${item.id} has no RFC 3339 end_at (${JSON.stringify(item.end_at)})`,
          at('trigger meeting-ended', `$[${i}].end_at`, 'an RFC 3339 timestamp', item.end_at),
        );
      const wanted = new Set(triggered.map((item) => item.id));
      if (ctx.target.transcriptMeetingId) wanted.add(ctx.target.transcriptMeetingId);
      const { meetings, ended } = await listedMeetings(ctx, wanted);
      const what = 'get-meetings';
      const host = triggered.length > 0 ? await callerId(ctx) : undefined;
      const own = [
        ...triggered
          .filter((item) => host !== undefined && item.host_user_id === host)
          .map((item) => item.id),
        ...(ctx.target.transcriptMeetingId ? [ctx.target.transcriptMeetingId] : []),
      ];
      for (const id of new Set(own))
        verify(
          !ended || meetings.some((m) => m.id === id),
          'MISSING_ITEM',
          `${what}: the caller's ended meeting ${id} (${id === ctx.target.transcriptMeetingId ? '--transcript-meeting-id' : 'hosted by the caller, listed by the meeting-ended trigger'}) is not among the ${meetings.length} meetings listed`,
          at(what, '$.meetings[*].id', id, undefined),
        );
      let judged = 0;
      let crossed = 0;
      for (const m of meetings) {
        const trigger = triggered.find((item) => item.id === m.id);
        if (m.status !== MeetingStatus.ENDED && !trigger) continue;
        judged++;
        if (trigger) crossed++;
        const why = trigger ? 'listed by the meeting-ended trigger' : `status ${MeetingStatus.ENDED}`;
        if (
          !verify(
            instantOf(m.end_at) !== undefined,
            'MISSING_FIELD',
            `${what}: meeting ${m.id} (${why}) has no RFC 3339 end_at (${JSON.stringify(m.end_at)})`,
            at(what, '$.meetings[*].end_at', 'an RFC 3339 timestamp', m.end_at),
          )
        )
          continue;
        if (trigger && instantOf(trigger.end_at) !== undefined)
          choice(
            instantOf(m.end_at) === instantOf(trigger.end_at),
            'VALUE',
            `${what}: meeting ${m.id} ended at ${m.end_at}, the meeting-ended trigger says ${String(trigger.end_at)}`,
            at(what, '$.meetings[*].end_at', trigger.end_at, m.end_at),
          );
      }
      if (judged + triggered.length === 0)
        skip(
          `no ended meeting found: get-meetings lists none with status ${MeetingStatus.ENDED} in ${meetings.length} meetings, and the meeting-ended trigger is not read or empty; needs a partner credential (--partner-token, or --oauth-client with --oauth-user and --oauth-redirect-uri) or --transcript-meeting-id naming an ended meeting`,
          NEEDED,
        );
      return `${judged} ended meetings listed by get-meetings, ${triggered.length} by the meeting-ended trigger (${crossed} of them listed by get-meetings)`;
    },
  }),
];

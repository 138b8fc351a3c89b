import { Limits } from '@parley/schemas/constants';
import { call } from '../../call.js';
import { choice, couldNotJudge, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { instantOf } from '../../instants.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';
import { judgeParticipants, listedMeeting, listedMeetings, type Meeting } from './meeting-reads.js';

// The effects of the meeting writes, read back: participants added and removed (and the others
// kept), co-hosts assigned and removed (participants kept), and get-meetings' cursor proved on
// meetings on both sides of it. Each write's own answer is judged, then get-meetings' listing.

/** An invitee of this run, known by e-mail address (`em:<email>`), unique to the run. */
const invitee = (ctx: CheckContext, label: string) => `em:${ctx.target.runId}.${label}@example.com`;

async function meetingWith(ctx: CheckContext, label: string, participantIds: string[]) {
  const { meeting } = await call(ctx, 'create-meeting', {
    title: ctx.title(label),
    participant_ids: participantIds,
  });
  ctx.remember(meeting.id);
  return meeting;
}

const LISTED = '$.meetings[*].participant_ids';

export const effectsMeetingsChecks = [
  define({
    id: 'rest.09.participant-effects',
    title: 'add/remove-meeting-participants change exactly the named participants, read back by get-meetings',
    area: 'rest',
    clause: 'Endpoints/Participants: add-meeting-participants, remove-meeting-participants',
    spec: 'Meeting management: [...] add and remove participants. / participant_ids string[]: host included; bare user ids or `em:<email>`',
    level: 'MUST',
    async run(ctx) {
      const [kept, added] = [invitee(ctx, 'kept'), invitee(ctx, 'added')];
      const meeting = await meetingWith(ctx, 'participants', [kept]);
      const host = meeting.host_user_id;
      const add = await call(ctx, 'add-meeting-participants', {
        meeting_id: meeting.id,
        participant_ids: [added],
      });
      judgeParticipants(add.meeting, [host, kept, added], [], 'add-meeting-participants');
      const afterAdd = await listedMeeting(ctx, meeting.id, 'get-meetings after add');
      if (afterAdd) judgeParticipants(afterAdd, [host, kept, added], [], 'get-meetings after add', LISTED);
      const remove = await call(ctx, 'remove-meeting-participants', {
        meeting_id: meeting.id,
        participant_ids: [added],
      });
      judgeParticipants(remove.meeting, [host, kept], [added], 'remove-meeting-participants');
      const afterRemove = await listedMeeting(ctx, meeting.id, 'get-meetings after remove');
      if (afterRemove)
        judgeParticipants(afterRemove, [host, kept], [added], 'get-meetings after remove', LISTED);
    },
  }),
  define({
    id: 'rest.10.co-host-effects',
    title: 'assign-co-host/remove-co-host keep the participants; co_host_ids follows them where shown',
    area: 'rest',
    clause: 'Endpoints/Participants: assign-co-host, remove-co-host',
    spec: 'Meeting management: [...] assign and remove co-hosts. / participant_ids string[]: host included',
    choices:
      "co_host_ids (Parley's addition: the spec returns the meeting but names no field for co-hosts) lists the assigned co-host and not the removed one",
    level: 'MUST',
    async run(ctx) {
      const guest = invitee(ctx, 'co-host');
      const meeting = await meetingWith(ctx, 'co-hosts', [guest]);
      const everyone = [meeting.host_user_id, guest];
      const steps = [
        ['assign-co-host', true],
        ['remove-co-host', false],
      ] as const;
      for (const [route, assigned] of steps) {
        const { meeting: answered } = await call(ctx, route, { meeting_id: meeting.id, user_ids: [guest] });
        judgeParticipants(answered, everyone, [], route);
        judgeCoHosts(answered, guest, assigned, route, '$.meeting.co_host_ids');
        const what = `get-meetings after ${route}`;
        const listed = await listedMeeting(ctx, meeting.id, what);
        if (!listed) continue;
        judgeParticipants(listed, everyone, [], what, LISTED);
        judgeCoHosts(listed, guest, assigned, what, '$.meetings[*].co_host_ids');
      }
    },
  }),
  define({
    id: 'rest.11.get-meetings-cursor',
    title: 'get-meetings with last_updated_at lists exactly the meetings updated before it',
    area: 'rest',
    clause: 'Endpoints/Meetings: get-meetings last_updated_at',
    spec: 'last_updated_at string RFC 3339 (optional; returns meetings updated before this time)',
    level: 'MUST',
    async run(ctx) {
      const made: string[] = [];
      let stamps = new Map<string, Meeting>();
      // Three meetings made one after another; a fourth a second later where the deployment's
      // stamps are too coarse to tell the first three apart.
      for (let round = 0; round < 2; round++) {
        for (let i = made.length; i < 3 + round; i++)
          made.push((await ctx.createMeeting(`cursor ${i}`)).meeting.id);
        stamps = await listedMeetings(ctx, made, 'get-meetings');
        if (cursorOf(made, stamps)) break;
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
      const cursor = cursorOf(made, stamps);
      if (!cursor) return couldNotJudge("the run's meetings were not listed with distinct updated_at stamps");
      const what = 'get-meetings before the cursor';
      const until = instantOf(cursor) ?? 0n;
      const before = made.filter((id) => (instantOf(stamps.get(id)?.updated_at) ?? until) < until);
      const oldest = before.reduce((t, id) => {
        const stamp = instantOf(stamps.get(id)?.updated_at) ?? t;
        return stamp < t ? stamp : t;
      }, until);
      // Pages from the cursor on (other runs' meetings may sit between), until the oldest of the
      // run's meetings before the cursor is passed.
      const ids: string[] = [];
      let from = cursor;
      for (let page = 0; page < 5; page++) {
        const listed = await call(
          ctx,
          'get-meetings',
          { last_updated_at: from, limit: Limits.meetings.max },
          { what },
        );
        for (const [i, m] of listed.meetings.entries())
          verify(
            (instantOf(m.updated_at) ?? until) < until,
            'UNEXPECTED_ITEM',
            `${what}: lists ${m.id} updated at ${m.updated_at}, not before ${cursor}`,
            at(what, `$.meetings[${i}].updated_at`, `before ${cursor}`, m.updated_at),
          );
        ids.push(...listed.meetings.map((m) => m.id));
        const last = listed.meetings[listed.meetings.length - 1]?.updated_at;
        if (!listed.has_more || !last || (instantOf(last) ?? 0n) < oldest) break;
        from = last;
      }
      for (const id of made) {
        if (before.includes(id))
          verify(
            ids.includes(id),
            'MISSING_ITEM',
            `${what}: ${id}, updated before the cursor, is not listed`,
            at(what, '$.meetings[*].id', id),
          );
        else
          verify(
            !ids.includes(id),
            'UNEXPECTED_ITEM',
            `${what}: ${id}, updated at or after the cursor, is listed`,
            at(what, '$.meetings[*].id', id),
          );
      }
      return `${before.length} of the run's ${made.length} meetings before the cursor, ${made.length - before.length} at or after it`;
    },
  }),
];

/** The newest stamp of `made` that another of them precedes: a cursor with meetings on both sides. */
function cursorOf(made: readonly string[], stamps: Map<string, Meeting>): string | undefined {
  const times = made
    .map((id) => stamps.get(id)?.updated_at)
    .filter((t): t is string => instantOf(t) !== undefined);
  if (times.length < made.length) return undefined;
  const sorted = [...times].sort((a, b) => ((instantOf(a) ?? 0n) < (instantOf(b) ?? 0n) ? -1 : 1));
  const first = instantOf(sorted[0]) ?? 0n;
  return sorted.reverse().find((t) => (instantOf(t) ?? 0n) > first);
}

function judgeCoHosts(
  meeting: { co_host_ids?: string[] | undefined },
  guest: string,
  assigned: boolean,
  what: string,
  location: string,
): void {
  const ids = meeting.co_host_ids;
  choice(
    ids !== undefined && ids.includes(guest) === assigned,
    ids === undefined ? 'MISSING_FIELD' : assigned ? 'MISSING_ITEM' : 'UNEXPECTED_ITEM',
    `${what}: co_host_ids ${ids === undefined ? 'absent' : assigned ? `lacks ${guest}` : `still holds ${guest}`}`,
    at(what, location, assigned ? `including ${guest}` : `without ${guest}`, ids),
  );
}

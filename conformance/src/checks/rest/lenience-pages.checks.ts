import { Limits } from '@parley/schemas/constants';
import { call } from '../../call.js';
import { couldNotJudge, verify } from '../../check.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';

// The default page sizes of the listings a run can fill past them: get-meeting-messages (its
// messages are the run's own) and get-my-people (the people met in the run's meeting). A listing
// asked without `limit` holds the default page: at most the default, and no fewer while more follow
// (a shorter default page is another default). The writes are cheap but many: full profile only.

/** How many writes go out at once (the reference server answers each in milliseconds). */
const WRITES_AT_ONCE = 8;

async function inBatches(count: number, write: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i += WRITES_AT_ONCE)
    await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, count - i) }, (_, k) => write(i + k)));
}

export const leniencePagesChecks = [
  define({
    id: 'rest.20.messages-default-limit',
    title: `get-meeting-messages without limit lists ${Limits.meetingMessages.default} of ${Limits.meetingMessages.default + 1} messages, has_more true`,
    area: 'rest',
    clause: 'Meeting messages: get-meeting-messages limit; Limits: limit default 50 (get-meeting-messages)',
    spec: 'limit integer (optional, default 50) | limit default | 50 | get-meeting-messages',
    level: 'MUST',
    full: true,
    async run(ctx) {
      const { meeting } = await ctx.createMeeting('default page of messages');
      const count = Limits.meetingMessages.default + 1;
      await inBatches(count, (i) =>
        call(
          ctx,
          'send-meeting-message',
          { meeting_message: { meeting_id: meeting.id, text: `message ${i + 1} of ${count}` } },
          { what: 'send-meeting-message' },
        ),
      );
      const { messages, has_more } = await call(ctx, 'get-meeting-messages', { meeting_id: meeting.id });
      verify(
        messages.length === Limits.meetingMessages.default,
        'COUNT',
        `${messages.length} messages without a limit, of ${count}: the default page is ${Limits.meetingMessages.default}`,
        at('get-meeting-messages', '$.messages', `${Limits.meetingMessages.default}`, messages.length),
      );
      verify(
        has_more === true,
        'VALUE',
        `has_more is ${JSON.stringify(has_more)} on the default page of ${count} messages`,
        at('get-meeting-messages', '$.has_more', true, has_more),
      );
      return `${messages.length} of ${count}`;
    },
  }),
  define({
    id: 'rest.21.people-default-limit',
    title: `get-my-people without limit lists at most ${Limits.people.default} people, and ${Limits.people.default} while more follow`,
    area: 'rest',
    clause: 'Workspace upload and people: get-my-people limit; Limits: limit default 20 (get-my-people)',
    spec: 'limit integer or null (optional, default 20) | limit default | 20 | get-my-people',
    level: 'MUST',
    full: true,
    async run(ctx) {
      // People the caller met: the invitees of a meeting of the run (how contacts arise is not shown).
      const count = Limits.people.default + 1;
      const invitees = Array.from({ length: count }, (_, i) => `em:${ctx.target.runId}-${i + 1}@example.com`);
      const { meeting } = await call(ctx, 'create-meeting', {
        title: ctx.title('default page of people'),
        participant_ids: invitees,
      });
      ctx.remember(meeting.id);
      const { people, has_more } = await call(ctx, 'get-my-people', {});
      verify(
        people.length <= Limits.people.default,
        'COUNT',
        `${people.length} people without a limit: the default page is ${Limits.people.default}`,
        at('get-my-people', '$.people', `at most ${Limits.people.default}`, people.length),
      );
      verify(
        people.length === Limits.people.default || has_more !== true,
        'COUNT',
        `${people.length} people without a limit while has_more is true: the default page is ${Limits.people.default}`,
        at('get-my-people', '$.people', `${Limits.people.default}`, people.length),
      );
      // Fewer than a full page and nothing more: the invitees are not the caller's contacts here.
      if (people.length < Limits.people.default && !has_more)
        couldNotJudge(
          `get-my-people lists ${people.length} people after a meeting with ${count} invitees: too few to see the default page`,
        );
      return `${people.length} people, has_more ${has_more}`;
    },
  }),
];

import { type Answer, call } from '../../call.js';
import { couldNotJudge, deviate, verify } from '../../check.js';
import { instantOf } from '../../instants.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';

// get-meeting-messages' cursor, in what the spec leaves to judge: the order of the messages and the
// direction of last_updated_at are not shown, but a cursor moves the page one way or the other. Three
// messages read two at a time: the page asked with the first page's first stamp, and the one asked
// with its last stamp (a message shows created_at, the only stamp it carries), cannot both be the
// first page again while has_more says more follow: that is a cursor that does not move. The messages
// are sent one after another, and again a second apart where the stamps cannot tell them apart.

const MESSAGES = 3;
const LIMIT = 2;

export const messagesCursorChecks = [
  define({
    id: 'rest.42.messages-cursor',
    title:
      'get-meeting-messages: a page asked with last_updated_at from the first page is not the first page again',
    area: 'rest',
    clause:
      'Endpoints/Meeting messages: get-meeting-messages last_updated_at (optional cursor), limit, has_more',
    spec: 'POST /v1/get-meeting-messages | meeting_id string (required); last_updated_at string RFC 3339 (optional cursor); limit integer (optional, default 50) | {success, messages: Meeting message[], has_more: boolean} / Order of returned messages and direction of the cursor for get-meeting-messages: not shown.',
    level: 'MUST',
    async run(ctx) {
      const what = 'get-meeting-messages first page';
      // Sent one after another; again a second apart where the deployment's stamps are too coarse
      // (whole seconds) to tell the first page's messages apart.
      let meetingId = '';
      let first: Answer<'get-meeting-messages'> | undefined;
      for (const spacing of [0, 1100]) {
        meetingId = (await ctx.createMeeting('messages cursor')).meeting.id;
        for (let i = 0; i < MESSAGES; i++) {
          if (i > 0 && spacing > 0) await new Promise((resolve) => setTimeout(resolve, spacing));
          await call(ctx, 'send-meeting-message', {
            meeting_message: { meeting_id: meetingId, text: `message ${i + 1} of ${MESSAGES}` },
          });
        }
        first = await call(ctx, 'get-meeting-messages', { meeting_id: meetingId, limit: LIMIT }, { what });
        const [a, b] = [first.messages[0], first.messages[first.messages.length - 1]];
        if (instantOf(a?.created_at) !== instantOf(b?.created_at)) break;
      }
      if (!first) return;
      verify(
        first.messages.length <= LIMIT,
        'COUNT',
        `${what}: ${first.messages.length} messages for limit ${LIMIT}`,
        at(what, '$.messages', `at most ${LIMIT}`, first.messages.length),
      );
      if (
        !verify(
          first.has_more === true,
          'VALUE',
          `${what}: has_more is ${JSON.stringify(first.has_more)} with ${MESSAGES} messages read ${LIMIT} at a time`,
          at(what, '$.has_more', true, first.has_more),
        )
      )
        return;
      const ids = first.messages.map((m) => m.id).join(',');
      const stamps = [first.messages[0]?.created_at, first.messages[first.messages.length - 1]?.created_at];
      if (stamps.some((s) => instantOf(s) === undefined) || instantOf(stamps[0]) === instantOf(stamps[1]))
        return couldNotJudge(
          `${what}: its messages carry no two distinct created_at stamps to make a cursor of`,
        );
      const again: string[] = [];
      for (const cursor of stamps as string[]) {
        const page = await call(
          ctx,
          'get-meeting-messages',
          { meeting_id: meetingId, limit: LIMIT, last_updated_at: cursor },
          { what: 'get-meeting-messages with a cursor' },
        );
        if (page.messages.map((m) => m.id).join(',') === ids && page.has_more) again.push(cursor);
      }
      if (again.length === stamps.length)
        deviate(
          'DUPLICATE',
          `get-meeting-messages with last_updated_at ${stamps.join(' or ')} (the first page's first and last stamps) answers the first page again, has_more true: the cursor does not move`,
          at('get-meeting-messages with a cursor', '$.messages[*].id', 'another page', ids),
        );
      return `the cursor moved the page (${stamps.length - again.length} of ${stamps.length} stamps)`;
    },
  }),
];

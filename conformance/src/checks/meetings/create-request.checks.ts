import { call } from '../../call.js';
import { verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';

// What create-meeting makes of its request beyond rest.02's title and status: participant_ids left
// out is empty (the meeting holds its host alone), the host is the caller (the user id the caller's
// own default meeting setting names), its language is a language code, and a participant named by a
// bare user id is taken: another account's user (--second-api-key), else the caller's own id.

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** The user id of `key`'s account, as its default meeting setting names it. */
export async function userIdOf(ctx: CheckContext, key: string, what: string): Promise<string> {
  return (await call(ctx, 'get-user-default-meeting-setting', {}, { key, what })).setting.user_id;
}

export const createRequestChecks = [
  define({
    id: 'rest.40.create-meeting-request-defaults',
    title:
      'create-meeting: participant_ids left out means the host alone; host_user_id is the caller; language a code; a bare user id is taken as a participant',
    area: 'rest',
    clause:
      'Endpoints/Meetings: create-meeting participant_ids (optional, default empty; bare id or em:<email>); Resources/Meeting: host_user_id',
    spec: 'participant_ids string[] (optional, default empty; bare id or `em:<email>`) / host_user_id | string | user id of the host / language | string | language code of the meeting / participant_ids | string[] | host included / user_id | string (User default meeting setting)',
    level: 'MUST',
    async run(ctx) {
      const caller = await userIdOf(ctx, ctx.target.apiKey, 'get-user-default-meeting-setting');
      const what = 'create-meeting without participant_ids';
      const { meeting } = await call(
        ctx,
        'create-meeting',
        { title: ctx.title('default participants') },
        { what },
      );
      ctx.remember(meeting.id);
      verify(
        meeting.host_user_id === caller,
        'VALUE',
        `${what}: host_user_id is ${JSON.stringify(meeting.host_user_id)}, the caller is ${caller}`,
        at(what, '$.meeting.host_user_id', caller, meeting.host_user_id),
      );
      verify(
        meeting.participant_ids.length === 1 && meeting.participant_ids[0] === meeting.host_user_id,
        'VALUE',
        `${what}: participant_ids is ${JSON.stringify(meeting.participant_ids)}: default empty, the host alone`,
        at(what, '$.meeting.participant_ids', [meeting.host_user_id], meeting.participant_ids),
      );
      // "language code of the meeting": a language tag (BCP 47: a primary subtag of two or three
      // letters), not a language's name; a meeting without one yet is not judged.
      const language = meeting.language;
      if (language !== undefined && language !== '')
        verify(
          LANGUAGE_TAG.test(language),
          'VALUE',
          `${what}: language ${JSON.stringify(language)} is not a language code`,
          at(what, '$.meeting.language', 'a language code (BCP 47)', language),
        );
      const second = ctx.target.secondApiKey;
      const invited = second
        ? await userIdOf(ctx, second, 'get-user-default-meeting-setting of the second account')
        : caller;
      const bare = 'create-meeting with a bare user id';
      const made = await call(
        ctx,
        'create-meeting',
        { title: ctx.title('bare participant'), participant_ids: [invited] },
        { what: bare },
      );
      ctx.remember(made.meeting.id);
      verify(
        made.meeting.participant_ids.includes(invited),
        'MISSING_ITEM',
        `${bare}: participant_ids lacks ${invited}`,
        at(bare, '$.meeting.participant_ids', `including ${invited}`, made.meeting.participant_ids),
      );
      return second
        ? "the second account's user invited by bare id"
        : "the caller's own id invited (no --second-api-key)";
    },
  }),
];

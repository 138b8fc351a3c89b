import { MessageType } from '@parley/schemas/constants';
import { call } from '../../call.js';
import { verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';

// Every record a write creates is shown by the listing that holds it: the spec's messages of a
// meeting are "user text messages, AI summaries", so the summary summarize-meeting makes is a
// message of the meeting (type MT_SUMMARY, the id summarize-meeting answered) beside the user's own
// (MT_USER); deleted, it is gone from that listing, not only from a read by id. A second summary,
// made after get-meeting-summary has answered (and may have cached) the first, is the one
// get-meeting-summary with force_refresh true answers: "true reads from the database instead of the
// cache" (matched by id or by its summary's ai_model and markdown_body).

const listed = async (ctx: CheckContext, meetingId: string, what: string) =>
  (await call(ctx, 'get-meeting-messages', { meeting_id: meetingId }, { what })).messages;

/** A summary made after a cached read is the one a force_refresh read answers. */
async function judgeForceRefresh(ctx: CheckContext, meetingId: string): Promise<void> {
  await call(ctx, 'get-meeting-summary', { meeting_id: meetingId }, { what: 'get-meeting-summary' });
  await call(ctx, 'send-meeting-message', {
    meeting_message: { meeting_id: meetingId, text: ctx.title('before the second summary') },
  });
  const newer = (
    await call(ctx, 'summarize-meeting', { meeting_id: meetingId, user_prompt: 'Name the last message.' })
  ).meeting_message;
  const what = 'get-meeting-summary with force_refresh after a second summarize-meeting';
  const { summary } = await call(
    ctx,
    'get-meeting-summary',
    { meeting_id: meetingId, force_refresh: true },
    { what },
  );
  const same =
    summary.id === newer.id ||
    (summary.summary.ai_model === newer.summary?.ai_model &&
      summary.summary.markdown_body === newer.summary?.markdown_body);
  verify(
    same,
    'VALUE',
    `${what}: answers summary ${summary.id}, not the newer ${newer.id} (its markdown_body differs)`,
    at(what, '$.summary.summary.markdown_body', newer.summary?.markdown_body, summary.summary.markdown_body),
  );
}

export const effectsListingsChecks = [
  define({
    id: 'rest.26.summary-listed',
    title:
      'An AI summary made by summarize-meeting is a message of the meeting: listed as MT_SUMMARY under its id, beside the MT_USER message, and gone once deleted; a newer one read by get-meeting-summary with force_refresh',
    area: 'rest',
    clause:
      'What the service does 2: messages of a meeting (user text messages, AI summaries); Endpoints/Meeting AI: summarize-meeting; Cached meeting data: get-meeting-summary force_refresh',
    spec: 'Meeting messages: send, delete and list messages of a meeting (user text messages, AI summaries). / summarize-meeting [...] {success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model} / type: values seen: `MT_USER` (user text message), `MT_SUMMARY` (AI summary) / get-meeting-summary | meeting_id string (required); force_refresh boolean or null (optional; true reads from the database instead of the cache)',
    level: 'MUST',
    async run(ctx) {
      const { meeting } = await ctx.createMeeting('summary listed');
      const sent = (
        await call(ctx, 'send-meeting-message', {
          meeting_message: { meeting_id: meeting.id, text: ctx.title('before the summary') },
        })
      ).meeting_message;
      const summary = (await call(ctx, 'summarize-meeting', { meeting_id: meeting.id })).meeting_message;
      const what = 'get-meeting-messages after summarize-meeting';
      const messages = await listed(ctx, meeting.id, what);
      for (const [made, type, by] of [
        [sent, MessageType.USER, 'send-meeting-message'],
        [summary, MessageType.SUMMARY, 'summarize-meeting'],
      ] as const) {
        // As answered too: a user text message is MT_USER ("values seen"), a summary MT_SUMMARY.
        verify(
          made.type === type,
          'VALUE',
          `${by} answered a message of type ${JSON.stringify(made.type)}, not ${type}`,
          at(by, '$.meeting_message.type', type, made.type),
        );
        const item = messages.find((m) => m.id === made.id);
        if (
          verify(
            item,
            'MISSING_ITEM',
            `${what}: the message ${by} answered (${made.id}) is not listed`,
            at(what, '$.messages[*].id', made.id),
          )
        )
          verify(
            item?.type === type,
            'VALUE',
            `${what}: the message ${by} answered is listed as ${JSON.stringify(item?.type)}, not ${type}`,
            at(what, '$.messages[*].type', type, item?.type),
          );
      }
      await judgeForceRefresh(ctx, meeting.id);
      await call(ctx, 'delete-meeting-message', { meeting_id: meeting.id, message_id: summary.id });
      const after = 'get-meeting-messages after deleting the summary';
      const left = await listed(ctx, meeting.id, after);
      verify(
        !left.some((m) => m.id === summary.id),
        'UNEXPECTED_ITEM',
        `${after}: the deleted summary ${summary.id} is still listed`,
        at(after, '$.messages[*].id', `without ${summary.id}`, summary.id),
      );
      verify(
        left.some((m) => m.id === sent.id),
        'MISSING_ITEM',
        `${after}: the user's message ${sent.id} went with the summary`,
        at(after, '$.messages[*].id', sent.id),
      );
      return `${messages.length} messages listed, the summary among them`;
    },
  }),
];

import { FIRST_PAGE_CURSOR } from '@parley/schemas/constants';
import { attempt, call } from '../../call.js';
import { verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import type { Reply } from '../../http-client.js';
import { at } from '../../json-path.js';
import { expectErrorBody, verifyStatus } from '../../schema-check.js';
import { define } from '../define.js';
import { listedMeetings } from './meeting-reads.js';

// The effects of the deletes, read back: a deleted message is no longer listed and the other one
// is, as it was; a deleted meeting is no longer listed, every read of it is a 404, and the meeting
// beside it is untouched; deleting again, or an id that never existed, is a 404 that deletes nothing.

/** A refusal the spec words as "404 resource not found (unknown meeting or message id)". */
function judgeNotFound(reply: Reply, what: string, meeting: boolean): void {
  // The spec names NOT_FOUND as the code seen for an unknown meeting; for a message it names none.
  if (verifyStatus(reply, 404, what)) expectErrorBody(reply, what, meeting ? 'NOT_FOUND' : undefined);
}

async function messageIds(ctx: CheckContext, meetingId: string, what: string) {
  const { messages } = await call(ctx, 'get-meeting-messages', { meeting_id: meetingId }, { what });
  return messages;
}

export const effectsDeletesChecks = [
  define({
    id: 'rest.12.message-delete-effects',
    title: 'delete-meeting-message removes that message only; again, or an unknown id, is a 404',
    area: 'rest',
    clause: 'Endpoints/Meeting messages: delete-meeting-message; Errors 2: 404 unknown message id',
    spec: 'Meeting messages: send, delete and list messages of a meeting / 404 resource not found (unknown meeting or message id)',
    level: 'MUST',
    async run(ctx) {
      const meetingId = (await ctx.createMeeting('message delete')).meeting.id;
      const sent = [];
      for (const label of ['kept', 'deleted']) {
        const text = `${ctx.target.runId} ${label}`;
        const { meeting_message } = await call(ctx, 'send-meeting-message', {
          meeting_message: { meeting_id: meetingId, text },
        });
        sent.push({ id: meeting_message.id, text });
      }
      const [kept, deleted] = sent as [(typeof sent)[number], (typeof sent)[number]];
      const before = await messageIds(ctx, meetingId, 'get-meeting-messages before delete');
      for (const m of sent)
        verify(
          before.some((listed) => listed.id === m.id),
          'MISSING_ITEM',
          `a message just sent is not listed: ${m.id}`,
          at('get-meeting-messages before delete', '$.messages[*].id', m.id),
        );
      const { success } = await call(ctx, 'delete-meeting-message', {
        meeting_id: meetingId,
        message_id: deleted.id,
      });
      verify(
        success === true,
        'VALUE',
        'delete-meeting-message: success is not true',
        at('delete-meeting-message', '$.success', true, success),
      );
      const again = await attempt(ctx, 'delete-meeting-message', {
        meeting_id: meetingId,
        message_id: deleted.id,
      });
      judgeNotFound(again.reply, 'delete-meeting-message again', false);
      const unknown = await attempt(ctx, 'delete-meeting-message', {
        meeting_id: meetingId,
        message_id: `${ctx.target.runId}-no-such-message`,
      });
      judgeNotFound(unknown.reply, 'delete-meeting-message of an unknown id', false);
      const what = 'get-meeting-messages after delete';
      const after = await messageIds(ctx, meetingId, what);
      verify(
        !after.some((m) => m.id === deleted.id),
        'UNEXPECTED_ITEM',
        `the deleted message is still listed: ${deleted.id}`,
        at(what, '$.messages[*].id', `without ${deleted.id}`, deleted.id),
      );
      const left = after.find((m) => m.id === kept.id);
      if (
        verify(
          left,
          'MISSING_ITEM',
          `the message not deleted is gone: ${kept.id}`,
          at(what, '$.messages[*].id', kept.id),
        )
      )
        verify(
          left?.text === kept.text,
          'VALUE',
          `the message not deleted reads back as ${JSON.stringify(left?.text)}`,
          at(what, '$.messages[*].text', kept.text, left?.text),
        );
    },
  }),
  define({
    id: 'rest.13.meeting-delete-effects',
    title:
      'delete-meeting removes that meeting only: unlisted, every read a 404; again, or an unknown id, a 404',
    area: 'rest',
    clause: 'Endpoints/Meetings: delete-meeting; Errors 2: 404 unknown meeting id',
    spec: "Meeting management: create and delete meetings, list the caller's meetings / 404 resource not found (unknown meeting or message id)",
    level: 'MUST',
    async run(ctx) {
      const [gone, kept] = [
        (await ctx.createMeeting('deleted')).meeting.id,
        (await ctx.createMeeting('kept')).meeting.id,
      ];
      for (const meeting_id of [gone, kept])
        await call(ctx, 'send-meeting-message', { meeting_message: { meeting_id, text: ctx.title('note') } });
      const listedBefore = await listedMeetings(ctx, [gone, kept], 'get-meetings before delete');
      for (const id of [gone, kept])
        verify(
          listedBefore.has(id),
          'MISSING_ITEM',
          'a meeting just made is not listed',
          at('get-meetings before delete', '$.meetings[*].id', id),
        );
      const { success } = await call(ctx, 'delete-meeting', { meeting_id: gone });
      verify(
        success === true,
        'VALUE',
        'delete-meeting: success is not true',
        at('delete-meeting', '$.success', true, success),
      );
      ctx.forget(gone);
      const again = await attempt(ctx, 'delete-meeting', { meeting_id: gone });
      judgeNotFound(again.reply, 'delete-meeting again', true);
      const unknown = await attempt(ctx, 'delete-meeting', {
        meeting_id: `${ctx.target.runId}-no-such-meeting`,
      });
      judgeNotFound(unknown.reply, 'delete-meeting of an unknown id', true);
      const what = 'get-meetings after delete';
      const listed = await listedMeetings(ctx, [gone, kept], what);
      verify(
        !listed.has(gone),
        'UNEXPECTED_ITEM',
        'the deleted meeting is still listed',
        at(what, '$.meetings[*].id', `without ${gone}`, gone),
      );
      verify(
        listed.has(kept),
        'MISSING_ITEM',
        'the meeting beside the deleted one is no longer listed',
        at(what, '$.meetings[*].id', kept),
      );
      const cursor = FIRST_PAGE_CURSOR;
      const reads = [
        ['get-meeting-messages', (id: string) => attempt(ctx, 'get-meeting-messages', { meeting_id: id })],
        ['get-meeting-summary', (id: string) => attempt(ctx, 'get-meeting-summary', { meeting_id: id })],
        [
          'get-meeting-transcripts',
          (id: string) => attempt(ctx, 'get-meeting-transcripts', { meeting_id: id }),
        ],
        [
          'get-live-transcription-chunks',
          (id: string) =>
            attempt(ctx, 'get-live-transcription-chunks', { meeting_id: id, last_updated_at: cursor }),
        ],
        [
          'get-transcript-utterances',
          (id: string) =>
            attempt(ctx, 'get-transcript-utterances', { meeting_id: id, last_updated_at: cursor }),
        ],
      ] as const;
      for (const [route, read] of reads)
        judgeNotFound((await read(gone)).reply, `${route} of the deleted meeting`, true);
      const { messages } = await call(
        ctx,
        'get-meeting-messages',
        { meeting_id: kept },
        { what: 'get-meeting-messages of the meeting kept' },
      );
      verify(
        messages.length > 0,
        'MISSING_ITEM',
        'the meeting beside the deleted one lost its message',
        at('get-meeting-messages of the meeting kept', '$.messages', 'its message'),
      );
    },
  }),
];

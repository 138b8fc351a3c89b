import { FIRST_PAGE_CURSOR } from '@parley/schemas/constants';
import { attempt, call, send } from '../../call.js';
import { couldNotJudge, skip, verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import type { Reply } from '../../http-client.js';
import { at } from '../../json-path.js';
import { expectErrorBody } from '../../schema-check.js';
import { define } from '../define.js';
import { judgeParticipants, listedMeeting, listedMeetings } from '../meetings/meeting-reads.js';
import { settingUpdateOf } from '../settings-people/setting-fields.js';

// One account's records as another account (--second-api-key) sees them: none of them in any
// listing (meetings, people, settings), every read of them by id a 404, and every write to them
// refused with a 404 that changed nothing, as the first account reads back.

/** The second key, or a skip naming the flag. */
function secondKey(ctx: CheckContext): string {
  const key = ctx.target.secondApiKey;
  if (!key) return skip('needs --second-api-key: a key of another account', ['--second-api-key']);
  return key;
}

/** The first account's records: a meeting with an invitee and a message. */
async function firstAccountRecords(ctx: CheckContext) {
  const invitee = `em:${ctx.target.runId}.private@example.com`;
  const { meeting } = await call(ctx, 'create-meeting', {
    title: ctx.title('private'),
    participant_ids: [invitee],
  });
  ctx.remember(meeting.id);
  const { meeting_message } = await call(ctx, 'send-meeting-message', {
    meeting_message: { meeting_id: meeting.id, text: ctx.title('private note') },
  });
  return { meeting, invitee, message: meeting_message };
}

/**
 * The second account's answer about the first's record: a 404 (a 401 means its key was refused). Its
 * body is not validated as the route's answer: any 200 is the deviation, whatever it holds.
 */
function judgeForeign(reply: Reply, what: string): void {
  if (reply.status === 401) couldNotJudge('the second key was refused (401)');
  if (
    verify(
      reply.status === 404,
      'STATUS',
      `${what}: ${reply.status}, expected 404`,
      at(what, 'status', 404, reply.status),
    )
  )
    expectErrorBody(reply, what, 'NOT_FOUND');
}

export const effectsIsolationChecks = [
  define({
    id: 'errors.07.second-account-reads',
    title: "Another account lists none of the caller's records and reads none by id",
    area: 'errors',
    clause: "What the service does 1: the caller's meetings; Errors 2: 404 resource not found",
    spec: "Meeting management: [...] list the caller's meetings / listing of the caller's contacts / Per-user default meeting settings / 404 resource not found (unknown meeting or message id)",
    level: 'MUST',
    async run(ctx) {
      const other = secondKey(ctx);
      const { meeting, invitee } = await firstAccountRecords(ctx);
      const mine = await listedMeeting(ctx, meeting.id, 'get-meetings of the first account');
      const { setting: saved } = await call(
        ctx,
        'get-user-default-meeting-setting',
        {},
        { what: 'get settings' },
      );
      // Only the update's own fields go back: the read may carry others (user_id, a vendor's).
      const restore = settingUpdateOf(saved);
      try {
        await call(ctx, 'update-user-default-meeting-setting', {
          ...restore,
          contextual_keywords: [ctx.target.runId],
        });
        const what = 'get-meetings of the second account';
        const listed = await listedMeetings(ctx, [meeting.id], what, other);
        verify(
          !listed.has(meeting.id),
          'UNEXPECTED_ITEM',
          `${what}: lists the first account's meeting`,
          at(what, '$.meetings[*].id', `without ${meeting.id}`, meeting.id),
        );
        const setting = 'get settings of the second account';
        const theirs = (
          await call(ctx, 'get-user-default-meeting-setting', {}, { what: setting, key: other })
        ).setting;
        verify(
          !theirs.contextual_keywords.includes(ctx.target.runId),
          'UNEXPECTED_ITEM',
          `${setting}: holds the first account's keyword`,
          at(
            setting,
            '$.setting.contextual_keywords',
            `without ${ctx.target.runId}`,
            theirs.contextual_keywords,
          ),
        );
        verify(
          theirs.user_id !== saved.user_id,
          'VALUE',
          `${setting}: is the first account's (user_id ${saved.user_id})`,
          at(setting, '$.setting.user_id', `not ${saved.user_id}`, theirs.user_id),
        );
        const people = 'get-my-people of the second account';
        const { people: contacts } = await call(ctx, 'get-my-people', {}, { what: people, key: other });
        // The first account's own invitee, by its address: other checks of the run may give the
        // second account contacts of the run's (the people it invites itself).
        for (const person of contacts)
          verify(
            person.email !== invitee.slice(3),
            'UNEXPECTED_ITEM',
            `${people}: lists the first account's invitee`,
            at(people, '$.people[*].email', `not ${invitee.slice(3)}`, person.email),
          );
      } finally {
        await ctx.call('update-user-default-meeting-setting', restore);
      }
      const reads: [string, string][] = [[meeting.id, 'meeting']];
      if (ctx.target.transcriptMeetingId) reads.push([ctx.target.transcriptMeetingId, 'transcript meeting']);
      for (const [id, label] of reads) {
        const byId = { meeting_id: id };
        const since = { meeting_id: id, last_updated_at: FIRST_PAGE_CURSOR };
        const options = { key: other };
        judgeForeign(
          await send(ctx, 'get-meeting-messages', byId, options),
          `get-meeting-messages of the first account's ${label}`,
        );
        judgeForeign(
          await send(ctx, 'get-meeting-summary', byId, options),
          `get-meeting-summary of the first account's ${label}`,
        );
        judgeForeign(
          await send(ctx, 'get-meeting-transcripts', byId, options),
          `get-meeting-transcripts of the first account's ${label}`,
        );
        judgeForeign(
          await send(ctx, 'get-live-transcription-chunks', since, options),
          `get-live-transcription-chunks of the first account's ${label}`,
        );
        judgeForeign(
          await send(ctx, 'get-transcript-utterances', since, options),
          `get-transcript-utterances of the first account's ${label}`,
        );
      }
      return mine ? `${reads.length} meetings, 8 routes` : 'the first account does not list its own meeting';
    },
  }),
  define({
    id: 'errors.08.second-account-writes',
    title: "Another account's writes to the caller's meeting are 404s that change nothing",
    area: 'errors',
    clause:
      'Errors 2: 404 resource not found; Endpoints: participants, messages, delete-meeting, transcription',
    spec: "Meeting management: [...] list the caller's meetings / 404 resource not found (unknown meeting or message id)",
    level: 'MUST',
    async run(ctx) {
      const other = secondKey(ctx);
      const { meeting, invitee, message } = await firstAccountRecords(ctx);
      const intruder = `em:${ctx.target.runId}.intruder@example.com`;
      const id = meeting.id;
      const options = { key: other };
      const writes = [
        [
          'add-meeting-participants',
          () =>
            send(ctx, 'add-meeting-participants', { meeting_id: id, participant_ids: [intruder] }, options),
        ],
        [
          'remove-meeting-participants',
          () =>
            send(ctx, 'remove-meeting-participants', { meeting_id: id, participant_ids: [invitee] }, options),
        ],
        [
          'assign-co-host',
          () => send(ctx, 'assign-co-host', { meeting_id: id, user_ids: [invitee] }, options),
        ],
        [
          'send-meeting-message',
          () =>
            send(
              ctx,
              'send-meeting-message',
              { meeting_message: { meeting_id: id, text: intruder } },
              options,
            ),
        ],
        [
          'remove-co-host',
          () => send(ctx, 'remove-co-host', { meeting_id: id, user_ids: [invitee] }, options),
        ],
        ['summarize-meeting', () => send(ctx, 'summarize-meeting', { meeting_id: id }, options)],
        [
          'ask-ai-for-meeting',
          () => send(ctx, 'ask-ai-for-meeting', { meeting_id: id, message: { text: intruder } }, options),
        ],
        [
          'delete-meeting-message',
          () => send(ctx, 'delete-meeting-message', { meeting_id: id, message_id: message.id }, options),
        ],
        ['delete-meeting', () => send(ctx, 'delete-meeting', { meeting_id: id }, options)],
      ] as const;
      for (const [route, write] of writes) judgeForeign(await write(), `${route} by the second account`);
      const transcriptId = ctx.target.transcriptMeetingId;
      const before = transcriptId
        ? (
            await call(
              ctx,
              'get-transcript-utterances',
              { meeting_id: transcriptId, last_updated_at: FIRST_PAGE_CURSOR },
              { what: 'get-transcript-utterances' },
            )
          ).utterances
        : [];
      const [utterance] = before;
      if (transcriptId && utterance) {
        const correction = { id: utterance.id, meeting_id: transcriptId, transcript: intruder };
        const reply = await send(ctx, 'update-transcript-utterance', correction, options);
        judgeForeign(reply, 'update-transcript-utterance by the second account');
      }
      // What the first account reads back: its meeting, participants and message as they were.
      const what = 'get-meetings of the first account after';
      const listed = await listedMeeting(ctx, id, what);
      if (listed)
        judgeParticipants(
          listed,
          [meeting.host_user_id, invitee],
          [intruder],
          what,
          '$.meetings[*].participant_ids',
        );
      const messages = 'get-meeting-messages of the first account after';
      const read = await attempt(ctx, 'get-meeting-messages', { meeting_id: id }, { what: messages });
      if (read.ok) {
        const texts = read.answer.messages.map((m) => m.text);
        verify(
          read.answer.messages.some((m) => m.id === message.id),
          'MISSING_ITEM',
          `${messages}: the first account's message is gone`,
          at(messages, '$.messages[*].id', message.id),
        );
        verify(
          !texts.includes(intruder),
          'UNEXPECTED_ITEM',
          `${messages}: holds the second account's message`,
          at(messages, '$.messages[*].text', `without ${intruder}`, intruder),
        );
        // Nothing else either: no summary or answer the second account's requests made.
        const others = read.answer.messages.filter((m) => m.id !== message.id);
        verify(
          others.length === 0,
          'UNEXPECTED_ITEM',
          `${messages}: ${others.length} messages the first account did not send`,
          at(
            messages,
            '$.messages[*].id',
            [message.id],
            read.answer.messages.map((m) => m.id),
          ),
        );
      }
      if (utterance && transcriptId) {
        const now = await call(
          ctx,
          'get-transcript-utterances',
          { meeting_id: transcriptId, last_updated_at: FIRST_PAGE_CURSOR },
          { what: 'get-transcript-utterances after' },
        );
        const text = now.utterances.find((u) => u.id === utterance.id)?.transcript;
        const kept = verify(
          text === utterance.transcript,
          'VALUE',
          "the second account's correction changed the first account's utterance",
          at('get-transcript-utterances after', '$.utterances[*].transcript', utterance.transcript, text),
        );
        // The meeting is the account's: a correction that got through is undone.
        if (!kept)
          await ctx.call('update-transcript-utterance', {
            id: utterance.id,
            meeting_id: transcriptId,
            transcript: utterance.transcript,
          });
      }
      return `${writes.length + (utterance ? 1 : 0)} writes refused`;
    },
  }),
];

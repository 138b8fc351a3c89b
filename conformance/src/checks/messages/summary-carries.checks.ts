import { MessageType } from '@parley/schemas/constants';
import { call } from '../../call.js';
import { verify } from '../../check.js';
import { at } from '../../json-path.js';
import { define } from '../define.js';

// What a summary message carries, on a summary the run makes: summarize-meeting answers a message
// of type MT_SUMMARY with summary.ai_model, and a summary message, as answered and as listed by
// get-meeting-messages, carries summary_status; every message names the meeting it is of.

export const summaryCarriesChecks = [
  define({
    id: 'rest.43.summary-carries',
    title:
      'A summary message is MT_SUMMARY with summary.ai_model and carries summary_status, as answered and as listed; each message names its meeting',
    area: 'rest',
    clause:
      'Endpoints/Meeting AI: summarize-meeting answer; States and transitions: a summary message carries summary_status',
    spec: '{success, meeting_message: Meeting message with type `MT_SUMMARY` and summary.ai_model} / A summary message carries `summary_status`; value seen: `ESS_SUCCESS`.',
    level: 'MUST',
    async run(ctx) {
      const { meeting } = await ctx.createMeeting('summary carries');
      await call(ctx, 'send-meeting-message', {
        meeting_message: { meeting_id: meeting.id, text: ctx.title('we ship on Friday') },
      });
      const what = 'summarize-meeting';
      const { meeting_message: made } = await call(
        ctx,
        'summarize-meeting',
        { meeting_id: meeting.id },
        { what },
      );
      verify(
        made.type === MessageType.SUMMARY,
        'VALUE',
        `${what}: type ${JSON.stringify(made.type)}`,
        at(what, '$.meeting_message.type', MessageType.SUMMARY, made.type),
      );
      verify(
        typeof made.summary?.ai_model === 'string',
        'MISSING_FIELD',
        `${what}: no summary.ai_model`,
        at(what, '$.meeting_message.summary.ai_model', 'a string', made.summary?.ai_model),
      );
      verify(
        typeof made.summary_status === 'string',
        'MISSING_FIELD',
        `${what}: the summary message carries no summary_status`,
        at(what, '$.meeting_message.summary_status', 'a string', made.summary_status),
      );
      const listing = 'get-meeting-messages after summarize-meeting';
      const { messages } = await call(
        ctx,
        'get-meeting-messages',
        { meeting_id: meeting.id },
        { what: listing },
      );
      for (const [i, m] of [made, ...messages].entries())
        verify(
          m.meeting_id === meeting.id,
          'VALUE',
          `${i === 0 ? what : listing}: message ${m.id} names meeting ${m.meeting_id}, not ${meeting.id}`,
          at(
            i === 0 ? what : listing,
            i === 0 ? '$.meeting_message.meeting_id' : '$.messages[*].meeting_id',
            meeting.id,
            m.meeting_id,
          ),
        );
      const listed = messages.find((m) => m.id === made.id);
      if (listed)
        verify(
          typeof listed.summary_status === 'string',
          'MISSING_FIELD',
          `${listing}: the summary ${made.id} is listed without summary_status`,
          at(listing, '$.messages[*].summary_status', 'a string', listed.summary_status),
        );
      return `summary_status ${JSON.stringify(made.summary_status)}`;
    },
  }),
];

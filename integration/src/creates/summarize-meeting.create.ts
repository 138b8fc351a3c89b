// Summarize Meeting through the meeting REST route summarize-meeting, on the OAuth bearer (meetings:write).

import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import type { SummarizeMeetingRequest, SummarizeMeetingResponse } from '../generated/schema-types.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingInput } from '../meeting.field.js';
import { dataOf, urls } from '../service.client.js';
import { utcStamps } from '../timestamps.js';

const inputFields = defineInputFields([
  meetingInput,
  {
    key: 'user_prompt',
    label: 'Guidance',
    type: 'text',
    required: false,
    helpText: 'Plain text saying what the summary should focus on, e.g. "decisions and owners".',
  },
  {
    key: 'send_email_to_participants',
    label: 'Email Participants',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText:
      'Yes or No (default No), e.g. Yes to also send the summary by email to everyone in the meeting.',
  },
]);

type Message = SummarizeMeetingResponse['meeting_message'];

const summaryOutput = (m: Message) => ({
  id: m.id,
  meeting_id: m.meeting_id,
  created_at: m.created_at,
  ai_model: m.summary.ai_model,
  markdown_body: m.summary.markdown_body,
  summary_status: m.summary_status,
});

type Inputs = { meeting_id: string; user_prompt?: string; send_email_to_participants?: boolean };

const perform = async (z: ZObject, bundle: Bundle<Inputs>) => {
  const body: SummarizeMeetingRequest = {
    meeting_id: bundle.inputData.meeting_id,
    send_email_to_participants: String(bundle.inputData.send_email_to_participants) === 'true',
  };
  if (bundle.inputData.user_prompt?.trim()) body.user_prompt = bundle.inputData.user_prompt;
  const reply = dataOf<SummarizeMeetingResponse>(
    await z.request({ url: urls.rest('summarize-meeting'), method: 'POST', body }),
  );
  return utcStamps(summaryOutput(reply.meeting_message));
};

export default defineCreate({
  key: 'summarize_meeting',
  noun: 'Summary',
  display: {
    label: 'Summarize Meeting',
    description: STEP_HELP.summarize_meeting,
  },
  operation: {
    inputFields,
    perform,
    sample: summaryOutput(schemaExamples.summaryMessage),
    outputFields: [
      { key: 'id', label: 'Summary ID', type: 'string', primary: true },
      { key: 'meeting_id', label: 'Meeting ID', type: 'string' },
      { key: 'created_at', label: 'Created At', type: 'datetime' },
      { key: 'ai_model', label: 'AI Model', type: 'string' },
      { key: 'markdown_body', label: 'Summary (Markdown)', type: 'string' },
      { key: 'summary_status', label: 'Summary Status', type: 'string' },
    ],
  },
});

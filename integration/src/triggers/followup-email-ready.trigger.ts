import { schemaExamples } from '../generated/service-data.js';
import { meetingRefOutputFields } from '../output-fields.js';
import { definePollingTrigger } from '../polling-trigger.factory.js';

export default definePollingTrigger({
  key: 'followup_email_ready',
  noun: 'Follow-up Email',
  label: 'Follow-up Email Ready',
  description: 'Triggers when an AI follow-up email for one of your meetings is ready.',
  path: '/triggers/followup-email-ready',
  sample: { ...schemaExamples.followupEmailReady },
  outputFields: [
    { key: 'id', label: 'Email ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'subject', label: 'Subject', type: 'string' },
    { key: 'body_html', label: 'Body (HTML)', type: 'string' },
  ],
});

import { schemaExamples } from '../generated/service-data.js';
import { definePartnerInstantTrigger } from '../instant-trigger.factory.js';
import { meetingRefOutputFields } from '../output-fields.js';

export default definePartnerInstantTrigger({
  key: 'followup_email_ready',
  noun: 'Follow-up Email',
  label: 'Follow-up Email Ready',
  description: 'Triggers when an AI follow-up email for one of your meetings is ready.',
  event: 'followup-email-ready',
  path: '/triggers/followup-email-ready',
  sample: { ...schemaExamples.followupEmailReady },
  outputFields: [
    { key: 'id', label: 'Email ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'subject', label: 'Subject', type: 'string' },
    { key: 'body_html', label: 'Body (HTML)', type: 'string' },
  ],
});

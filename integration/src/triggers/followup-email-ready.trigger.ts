import { definePartnerTriggers } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { meetingRefOutputFields } from '../output-fields.js';

/** The spec's polling trigger (default) and its instant twin on the hook extension. */
export const { polling, instant } = definePartnerTriggers({
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

export default polling;

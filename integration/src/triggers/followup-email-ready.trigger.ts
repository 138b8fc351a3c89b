import { definePartnerTriggers } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingRefOutputFields } from '../output-fields.js';

/** The catalog trigger's polling operation and its instant twin on the hook extension. */
export default definePartnerTriggers('trigger-followup-email-ready', {
  noun: 'Follow-up Email',
  label: 'Follow-up Email Ready',
  description: STEP_HELP.followup_email_ready,
  sample: { ...schemaExamples.followupEmailReady },
  outputFields: [
    { key: 'id', label: 'Email ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'subject', label: 'Subject', type: 'string' },
    { key: 'body_html', label: 'Body (HTML)', type: 'string' },
  ],
});

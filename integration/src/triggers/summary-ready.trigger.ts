import { definePartnerTriggers } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingRefOutputFields } from '../output-fields.js';

/** The catalog trigger's polling operation and its instant twin on the hook extension. */
export default definePartnerTriggers('trigger-summary-ready', {
  noun: 'Summary',
  label: 'Summary Ready',
  description: STEP_HELP.summary_ready,
  sample: { ...schemaExamples.summaryReady },
  outputFields: [
    { key: 'id', label: 'Summary ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'ai_model', label: 'AI Model', type: 'string' },
    { key: 'markdown_body', label: 'Summary (Markdown)', type: 'string' },
  ],
});

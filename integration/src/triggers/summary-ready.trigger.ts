import { definePartnerTriggers } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { meetingRefOutputFields } from '../output-fields.js';

/** The spec's polling trigger (default) and its instant twin on the hook extension. */
export const { polling, instant } = definePartnerTriggers({
  key: 'summary_ready',
  noun: 'Summary',
  label: 'Summary Ready',
  description: 'Triggers when an AI summary of one of your meetings is ready.',
  event: 'summary-ready',
  path: '/triggers/summary-ready',
  sample: { ...schemaExamples.summaryReady },
  outputFields: [
    { key: 'id', label: 'Summary ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'ai_model', label: 'AI Model', type: 'string' },
    { key: 'markdown_body', label: 'Summary (Markdown)', type: 'string' },
  ],
});

export default polling;

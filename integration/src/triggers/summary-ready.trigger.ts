import { schemaExamples } from '../generated/service-data.js';
import { meetingRefOutputFields } from '../output-fields.js';
import { definePollingTrigger } from '../polling-trigger.factory.js';

export default definePollingTrigger({
  key: 'summary_ready',
  noun: 'Summary',
  label: 'Summary Ready',
  description: 'Triggers when an AI summary of one of your meetings is ready.',
  path: '/triggers/summary-ready',
  sample: { ...schemaExamples.summaryReady },
  outputFields: [
    { key: 'id', label: 'Summary ID', type: 'string', primary: true },
    ...meetingRefOutputFields,
    { key: 'ai_model', label: 'AI Model', type: 'string' },
    { key: 'markdown_body', label: 'Summary (Markdown)', type: 'string' },
  ],
});

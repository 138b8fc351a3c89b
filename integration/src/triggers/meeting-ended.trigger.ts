import { schemaExamples } from '../generated/service-data.js';
import { meetingOutputFields } from '../output-fields.js';
import { definePollingTrigger } from '../polling-trigger.factory.js';

export default definePollingTrigger({
  key: 'meeting_ended',
  noun: 'Meeting',
  label: 'Meeting Ended',
  description: 'Triggers when a meeting you took part in ends.',
  path: '/triggers/meeting-ended',
  sample: { ...schemaExamples.meetingEnded },
  outputFields: meetingOutputFields,
});

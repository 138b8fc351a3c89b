import { schemaExamples } from '../generated/service-data.js';
import { definePartnerInstantTrigger } from '../instant-trigger.factory.js';
import { meetingOutputFields } from '../output-fields.js';

export default definePartnerInstantTrigger({
  key: 'meeting_ended',
  noun: 'Meeting',
  label: 'Meeting Ended',
  description: 'Triggers when a meeting you took part in ends.',
  event: 'meeting-ended',
  path: '/triggers/meeting-ended',
  sample: { ...schemaExamples.meetingEnded },
  outputFields: meetingOutputFields,
});

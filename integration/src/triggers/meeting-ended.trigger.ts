import { schemaExamples } from '../generated/service-data.js';
import { definePartnerInstantTrigger } from '../instant-trigger.factory.js';
import { meetingExtras, meetingExtrasOutputFields } from '../meeting-extras.js';
import { meetingOutputFields } from '../output-fields.js';

type Item = typeof schemaExamples.meetingEnded;

/** What the sample shows of the extras: the example meeting's people and its action items. */
const sampleExtras = {
  attendees: [
    { id: schemaExamples.meetingEnded.host_user_id, name: 'Aiko Tanaka', email: 'aiko.tanaka@example.com' },
    { id: 'em:lee@acme-robotics.com', name: 'lee@acme-robotics.com', email: 'lee@acme-robotics.com' },
  ],
  host_name: 'Aiko Tanaka',
  host_email: 'aiko.tanaka@example.com',
  duration_minutes: 42,
  transcript_text: 'Speaker 0: Release 2.4 ships on Friday.\nSpeaker 1: I will update the checklist.',
  summary_markdown: '## Action items\n\n- [ ] Lee updates the release checklist',
  action_items: [{ text: 'Lee updates the release checklist' }],
};

export default definePartnerInstantTrigger({
  key: 'meeting_ended',
  noun: 'Meeting',
  label: 'Meeting Ended',
  description: 'Triggers when a meeting you took part in ends.',
  event: 'meeting-ended',
  path: '/triggers/meeting-ended',
  enrich: async (z, item) => ({ ...item, ...(await meetingExtras(z, item as Item)) }),
  sample: { ...schemaExamples.meetingEnded, ...sampleExtras },
  outputFields: [...meetingOutputFields, ...meetingExtrasOutputFields],
});

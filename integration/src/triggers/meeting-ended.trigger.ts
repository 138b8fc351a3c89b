import { definePartnerTriggers } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { durationMinutes, meetingExtras, meetingExtrasOutputFields } from '../meeting-extras.js';
import { meetingOutputFields } from '../output-fields.js';

type Item = typeof schemaExamples.meetingEnded;

/** What the polled item gives without another request: its duration. */
const withDuration = (item: Item) => ({
  ...item,
  duration_minutes: durationMinutes(item.start_at, item.end_at),
});

/** What the instant sample shows of the extras: the example meeting's people and its action items. */
const sampleExtras = {
  attendees: [
    { id: schemaExamples.meetingEnded.host_user_id, name: 'Aiko Tanaka', email: 'aiko.tanaka@example.com' },
    { id: 'em:lee@acme-robotics.com', name: 'lee@acme-robotics.com', email: 'lee@acme-robotics.com' },
  ],
  host_name: 'Aiko Tanaka',
  host_email: 'aiko.tanaka@example.com',
  transcript_text: 'Speaker 0: Release 2.4 ships on Friday.\nSpeaker 1: I will update the checklist.',
  summary_markdown: '## Action items\n\n- [ ] Lee updates the release checklist',
  action_items: [{ text: 'Lee updates the release checklist' }],
};

/** The catalog trigger's polling operation and its instant twin, which adds the extras from other routes. */
export default definePartnerTriggers('trigger-meeting-ended', {
  noun: 'Meeting',
  label: 'Meeting Ended',
  description: STEP_HELP.meeting_ended,
  build: (item) => withDuration(item as Item),
  sample: withDuration(schemaExamples.meetingEnded),
  outputFields: [
    ...meetingOutputFields,
    { key: 'duration_minutes', label: 'Duration (Minutes)', type: 'integer' },
  ],
  enrich: {
    apply: async (z, item) => ({ ...item, ...(await meetingExtras(z, item as Item)) }),
    sample: sampleExtras,
    outputFields: meetingExtrasOutputFields,
  },
});

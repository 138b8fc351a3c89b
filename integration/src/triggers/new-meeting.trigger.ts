// New Meeting: instant on the service's `meeting-created` event (a meeting the user hosts or is invited
// to), delivered as the meeting create-meeting answers; samples from the newest meetings of get-meetings.

import { defineInstantTrigger, SAMPLE_ITEMS } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { createdMeetingOutputFields } from '../output-fields.js';
import { fetchMeetingsPage } from './meetings-list.trigger.js';

/** What the spec returns on creation only (the meeting schema's description says so). */
const CREATION_ONLY = {
  languages: null,
  allow_users_to_add_translation_languages: null,
  invitation_link_expires_at: null,
};

export default defineInstantTrigger(
  {
    key: 'new_meeting',
    noun: 'Meeting',
    label: 'New Meeting',
    description: STEP_HELP.new_meeting,
    event: 'meeting-created',
    list: async (z, bundle) => {
      // get-meetings answers with each meeting's user profiles too; the event carries the meeting only,
      // with the fields the spec returns on creation alone, which a listing leaves out: null here, so a
      // listed item has a delivery's keys (the platform's check D006).
      const meetings = (await fetchMeetingsPage(z)).meetings.map(({ user_profiles: _, ...meeting }) => ({
        ...CREATION_ONLY,
        ...meeting,
      }));
      return bundle.meta?.isLoadingSample ? meetings.slice(0, SAMPLE_ITEMS) : meetings;
    },
    sample: { ...schemaExamples.createdMeeting },
    outputFields: createdMeetingOutputFields,
  },
  // No polling route in the spec: instant only, under its own name.
  {
    key: 'new_meeting',
    label: 'New Meeting',
    instead:
      "New Meeting has no polling twin: start the Zap with the polling trigger 'Meeting Ended', or on a schedule with the search 'Find Meeting', instead.",
  },
);

// The meeting input every action shares: a dropdown fed by the hidden meetings_list trigger, in which a
// user can also map a meeting id from an earlier step.
import { defineInputField } from 'zapier-platform-core';
import { MEETING_DROPDOWN } from './triggers/meetings-list.trigger.js';

export const meetingInput = defineInputField({
  key: 'meeting_id',
  label: 'Meeting',
  type: 'string',
  required: true,
  dynamic: MEETING_DROPDOWN,
  helpText:
    'Pick one of your meetings, or map a Parley meeting ID from an earlier step (text, e.g. mtg_3f9a2c71).',
});

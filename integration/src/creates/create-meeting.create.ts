// Create Meeting through the meeting REST route create-meeting, on the OAuth bearer (meetings:write).

import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import type { CreateMeetingRequest, CreateMeetingResponse } from '../generated/schema-types.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { createdMeetingOutputFields } from '../output-fields.js';
import { dataOf, urls } from '../service.client.js';
import { utcStamps } from '../timestamps.js';

const inputFields = defineInputFields([
  {
    key: 'title',
    label: 'Title',
    type: 'string',
    required: false,
    helpText: 'Plain text shown to everyone invited, e.g. "Weekly product sync".',
  },
  {
    key: 'participants',
    label: 'Participants',
    type: 'string',
    list: true,
    required: false,
    helpText:
      'One person per entry: a Parley user ID or an email address, e.g. usr_8d1f2c or lee@acme-robotics.com. You are always the host.',
  },
]);

/** Parley names a guest invited by e-mail `em:<email>`; a bare user id stays as it is. */
export const participantId = (value: string): string => {
  const v = value.trim();
  return v.includes('@') && !v.startsWith('em:') ? `em:${v}` : v;
};

const perform = async (z: ZObject, bundle: Bundle<{ title?: string; participants?: string[] }>) => {
  const body: CreateMeetingRequest = {
    title: bundle.inputData.title ?? '',
    participant_ids: (bundle.inputData.participants ?? []).filter((p) => p.trim()).map(participantId),
  };
  const { meeting } = dataOf<CreateMeetingResponse>(
    await z.request({ url: urls.rest('create-meeting'), method: 'POST', body }),
  );
  return utcStamps(meeting);
};

export default defineCreate({
  key: 'create_meeting',
  noun: 'Meeting',
  display: {
    label: 'Create Meeting',
    description: STEP_HELP.create_meeting,
  },
  operation: {
    inputFields,
    perform,
    sample: { ...schemaExamples.createdMeeting },
    outputFields: createdMeetingOutputFields,
  },
});

// Find Meeting: by id (from the dropdown or an earlier step) or by title among the recent meetings, then
// the meeting's details with its latest AI summary. No match is an empty result, not an error, so a Zap
// can branch on "nothing found".

import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import type { MeetingWithProfiles, PartnerMeetingResponse } from '../generated/schema-types.js';
import { schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { meetingInput } from '../meeting.field.js';
import { meetingOutputFields } from '../output-fields.js';
import { dataOf, isMeetingNotFound, urls } from '../service.client.js';
import { utcStamps } from '../timestamps.js';
import { fetchMeetingsPage } from '../triggers/meetings-list.trigger.js';

/** Pages of get-meetings a title search reads (50 each): the recent meetings, within perform's 30 s. */
export const TITLE_SEARCH_PAGES = 4;

const inputFields = defineInputFields([
  {
    ...meetingInput,
    required: false,
    helpText:
      'A Parley meeting ID (text, e.g. mtg_3f9a2c71) to find this exact meeting. Leave empty to search by title instead.',
  },
  {
    key: 'title',
    label: 'Title',
    type: 'string',
    required: false,
    helpText:
      'Plain text, e.g. "Weekly product sync"; used when no meeting is picked: the newest of your recent meetings whose title matches.',
  },
]);

export async function meetingDetails(z: ZObject, id: string): Promise<PartnerMeetingResponse> {
  return dataOf<PartnerMeetingResponse>(
    await z.request({ url: urls.partner(`/meetings/${encodeURIComponent(id)}`) }),
  );
}

/** Exact title (ignoring case and outer spaces) wins over a partial one; newest first within each. */
export function pickByTitle(meetings: MeetingWithProfiles[], title: string): MeetingWithProfiles | undefined {
  const wanted = title.trim().toLowerCase();
  const titleOf = (m: MeetingWithProfiles) => m.title.trim().toLowerCase();
  return meetings.find((m) => titleOf(m) === wanted) ?? meetings.find((m) => titleOf(m).includes(wanted));
}

async function findIdByTitle(z: ZObject, title: string): Promise<string | undefined> {
  const seen: MeetingWithProfiles[] = [];
  let before: string | undefined;
  for (let page = 0; page < TITLE_SEARCH_PAGES; page++) {
    const { meetings, next } = await fetchMeetingsPage(z, before);
    seen.push(...meetings);
    const exact = pickByTitle(meetings, title);
    if (exact && exact.title.trim().toLowerCase() === title.trim().toLowerCase()) return exact.id;
    if (!next) break;
    before = next;
  }
  return pickByTitle(seen, title)?.id;
}

const perform = async (z: ZObject, bundle: Bundle<{ meeting_id?: string; title?: string }>) => {
  const id = bundle.inputData.meeting_id?.trim();
  const title = bundle.inputData.title?.trim();
  if (!id && !title) {
    throw new z.errors.Error('Pick a meeting or enter a title to search for.', 'invalid_input', 400);
  }
  const found = id || (await findIdByTitle(z, title ?? ''));
  if (!found) return [];
  try {
    return [utcStamps(await meetingDetails(z, found))];
  } catch (error) {
    if (isMeetingNotFound(error)) return [];
    throw error;
  }
};

export default defineSearch({
  key: 'find_meeting',
  noun: 'Meeting',
  display: {
    label: 'Find Meeting',
    description: STEP_HELP.find_meeting,
  },
  operation: {
    inputFields,
    perform,
    sample: { ...schemaExamples.partnerMeeting },
    outputFields: [
      ...meetingOutputFields,
      { key: 'latest_summary__ai_model', label: 'Latest Summary AI Model', type: 'string' },
      { key: 'latest_summary__markdown_body', label: 'Latest Summary (Markdown)', type: 'string' },
      { key: 'latest_summary__created_at', label: 'Latest Summary Created At', type: 'datetime' },
    ],
  },
});

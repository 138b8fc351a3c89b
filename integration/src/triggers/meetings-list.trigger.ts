// Hidden trigger behind the meeting dropdown of every action: the user's meetings, newest first, one
// page of get-meetings at a time. The page cursor (updated_at of the last meeting shown) is kept in
// z.cursor, so "Load more" in the editor continues where the previous page ended.

import { type Bundle, defineTrigger, type ZObject } from 'zapier-platform-core';
import { newestFirstOnce } from '../answer-shape.js';
import type {
  GetMeetingsRequest,
  GetMeetingsResponse,
  MeetingWithProfiles,
} from '../generated/schema-types.js';
import { GET_MEETINGS_MAX_LIMIT, schemaExamples } from '../generated/service-data.js';
import { STEP_HELP } from '../listing.js';
import { dataOf, urls } from '../service.client.js';
import { utcStamp } from '../timestamps.js';

export const MEETINGS_LIST_KEY = 'meetings_list';
/** `trigger.id.label` reference of the dropdown (D004/D005). */
export const MEETING_DROPDOWN = `${MEETINGS_LIST_KEY}.id.name`;

/** What the dropdown shows: the title, or the start time when the meeting has none. */
export const meetingChoice = (meeting: MeetingWithProfiles) => ({
  id: meeting.id,
  name: meeting.title.trim() || `Untitled meeting (${utcStamp(meeting.start_at)})`,
  title: meeting.title,
  start_at: utcStamp(meeting.start_at),
  status: meeting.status,
  updated_at: utcStamp(meeting.updated_at),
});

/** One page of get-meetings with the OAuth bearer; `before` is the cursor of the page before. */
export async function fetchMeetingsPage(z: ZObject, before?: string) {
  const body: GetMeetingsRequest = { limit: GET_MEETINGS_MAX_LIMIT };
  if (before) body.last_updated_at = before;
  const page = dataOf<GetMeetingsResponse>(
    await z.request({ url: urls.rest('get-meetings'), method: 'POST', body }),
  );
  // Newest first and each meeting once, whatever the deployment's order: the cursor is the last one's time.
  const meetings = newestFirstOnce(page.meetings, 'updated_at');
  const last = meetings.at(-1);
  return { meetings, next: page.has_more && last ? last.updated_at : undefined };
}

const perform = async (z: ZObject, bundle: Bundle) => {
  const firstPage = !bundle.meta?.page;
  const before = firstPage ? undefined : await z.cursor.get();
  if (!firstPage && !before) return [];
  const { meetings, next } = await fetchMeetingsPage(z, before || undefined);
  // An empty cursor ends the listing: the next "Load more" returns nothing.
  await z.cursor.set(next ?? '');
  return meetings.map(meetingChoice);
};

export default defineTrigger({
  key: MEETINGS_LIST_KEY,
  noun: 'Meeting',
  display: {
    label: 'List Meetings',
    description: STEP_HELP.meetings_list,
    hidden: true,
  },
  operation: {
    type: 'polling',
    canPaginate: true,
    perform,
    sample: meetingChoice(schemaExamples.listedMeeting),
    outputFields: [
      { key: 'id', label: 'Meeting ID', type: 'string', primary: true },
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'title', label: 'Title', type: 'string' },
      { key: 'start_at', label: 'Started At', type: 'datetime' },
      { key: 'status', label: 'Status', type: 'string' },
      { key: 'updated_at', label: 'Updated At', type: 'datetime' },
    ],
  },
});

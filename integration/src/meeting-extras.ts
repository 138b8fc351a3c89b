// What a Zap needs about a meeting beyond the trigger's item, so that no extra step is needed: the
// attendees and the host by name and e-mail (get-meetings' user_profiles), the transcript
// as text (get-meeting-transcripts) and the latest summary's action items as line items (its
// "## Action items" section). Read with the user's token through the same routes a Zap could call.

import type { PlainOutputField, ZObject } from 'zapier-platform-core';
import type { MeetingWithProfiles, PartnerMeetingResponse } from './generated/schema-types.js';
import { meetingTranscripts, transcriptLines } from './searches/get-transcript.search.js';
import { dataOf, urls } from './service.client.js';
import { fetchMeetingsPage } from './triggers/meetings-list.trigger.js';

/** Pages of get-meetings read to find a meeting's profiles: a meeting that just ended is on the first. */
const PROFILE_PAGES = 2;

export interface MeetingExtras {
  attendees: { id: string; name: string; email: string }[];
  host_name: string;
  host_email: string;
  transcript_text: string;
  summary_markdown: string;
  action_items: { text: string }[];
}

async function profilesOf(z: ZObject, meetingId: string): Promise<MeetingWithProfiles['user_profiles']> {
  let before: string | undefined;
  for (let page = 0; page < PROFILE_PAGES; page++) {
    const { meetings, next } = await fetchMeetingsPage(z, before);
    const found = meetings.find((m) => m.id === meetingId);
    if (found) return found.user_profiles ?? [];
    if (!next) break;
    before = next;
  }
  return [];
}

/** The bullets of the summary's "Action items" section, without their checkboxes. */
export function actionItems(markdown: string): { text: string }[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s+action items\b/i.test(line.trim()));
  if (start < 0) return [];
  const items: { text: string }[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6}\s/.test(line.trim())) break;
    const bullet = /^\s*[-*+]\s+(?:\[[ xX]\]\s+)?(.+)$/.exec(line);
    if (bullet?.[1]) items.push({ text: bullet[1].trim() });
  }
  return items;
}

export const durationMinutes = (startAt: string, endAt: string | null | undefined): number | null => {
  const ms = endAt ? Date.parse(endAt) - Date.parse(startAt) : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 60_000) : null;
};

export async function meetingExtras(
  z: ZObject,
  meeting: { id: string; host_user_id: string },
): Promise<MeetingExtras> {
  const [profiles, transcripts, details] = await Promise.all([
    profilesOf(z, meeting.id),
    meetingTranscripts(z, meeting.id),
    z.request({ url: urls.partner(`/meetings/${encodeURIComponent(meeting.id)}`) }),
  ]);
  const summary = dataOf<PartnerMeetingResponse>(details).latest_summary?.markdown_body ?? '';
  const host = profiles.find((p) => p.id === meeting.host_user_id);
  return {
    attendees: profiles.map((p) => ({ id: p.id, name: p.name ?? '', email: p.email ?? '' })),
    host_name: host?.name ?? '',
    host_email: host?.email ?? '',
    transcript_text: transcriptLines(transcripts),
    summary_markdown: summary,
    action_items: actionItems(summary),
  };
}

/** Output fields of the extras (line items as Zapier names them: `attendees[]name`). */
export const meetingExtrasOutputFields = [
  { key: 'attendees[]name', label: 'Attendee Name', type: 'string' },
  { key: 'attendees[]email', label: 'Attendee Email', type: 'string' },
  { key: 'attendees[]id', label: 'Attendee ID', type: 'string' },
  { key: 'host_name', label: 'Host Name', type: 'string' },
  { key: 'host_email', label: 'Host Email', type: 'string' },
  { key: 'transcript_text', label: 'Transcript', type: 'string' },
  { key: 'summary_markdown', label: 'Latest Summary (Markdown)', type: 'string' },
  { key: 'action_items[]text', label: 'Action Item', type: 'string' },
] satisfies PlainOutputField[];

import { activeFaults } from './faults.catalog.js';

// Faults of paging, applied to a listing's answer given the request that asked for it: a page
// boundary that repeats a record (an inclusive cursor), a has_more false on a full page, a page after
// a cursor that skips its first record, and a people cursor compared by name alone (skipping the
// people who share the cursor's name). Each is seen only by a client that walks the pages.

type Json = Record<string, unknown>;

export const PAGE_FAULT_IDS = [
  'transcription-page-repeats',
  'transcription-has-more-early',
  'meetings-page-skips',
  'people-cursor-name-only',
];

const TRANSCRIPTION_LISTS: Record<string, { field: string; messageOf: string }> = {
  'get-live-transcription-chunks': { field: 'chunks', messageOf: 'meeting_message_id' },
  'get-transcript-utterances': { field: 'utterances', messageOf: 'message_id' },
};

/** Records listed so far, by id (the inclusive cursor finds the one at its stamp among them). */
const listed = new Map<string, Json>();

export function pageFaults(route: string, asked: Json, body: Json): void {
  const on = activeFaults.has;
  const list = TRANSCRIPTION_LISTS[route];
  if (list) {
    const items = (body[list.field] as Json[] | undefined) ?? [];
    const limit = typeof asked.limit === 'number' ? asked.limit : undefined;
    if (on('transcription-page-repeats')) {
      for (const item of items) listed.set(`${route} ${item.id}`, item);
      const cursor = asked.last_updated_at;
      const boundary = [...listed.entries()].find(
        ([key, item]) =>
          key.startsWith(`${route} `) &&
          item.meeting_id === asked.meeting_id &&
          item.updated_at === cursor &&
          (asked.message_id == null || item[list.messageOf] === asked.message_id),
      )?.[1];
      if (boundary && !items.some((item) => item.id === boundary.id)) {
        items.unshift(boundary);
        if (limit !== undefined && items.length > limit) {
          items.length = limit;
          body.has_more = true;
        }
      }
    }
    if (on('transcription-has-more-early') && limit !== undefined && items.length === limit)
      body.has_more = false;
  }
  if (route === 'get-meetings' && on('meetings-page-skips') && typeof asked.last_updated_at === 'string')
    (body.meetings as Json[] | undefined)?.shift();
  if (route === 'get-my-people' && on('people-cursor-name-only') && typeof asked.cursor === 'string') {
    const name = asked.cursor.slice(0, asked.cursor.lastIndexOf(':'));
    const nameOf = (p: Json) =>
      (p.user as Json | undefined)?.name ?? (p.guest_profile as Json | undefined)?.name ?? '';
    body.people = ((body.people as Json[] | undefined) ?? []).filter((p) => nameOf(p) !== name);
  }
}

import { Limits } from '@parley/schemas/constants';
import { type Answer, call } from '../../call.js';
import { verify } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at } from '../../json-path.js';

// Reads the effects checks share: the caller's meetings as get-meetings lists them (the spec has no
// read of one meeting), walked page by page with the spec's cursor until the wanted ones are found.

export type Meeting = Answer<'get-meetings'>['meetings'][number];

/** At most this many pages are walked (other runs' meetings may sit above the wanted ones). */
const PAGES = 10;

/**
 * The meetings of `ids` as get-meetings lists them (`key`'s account), walked from the newest until
 * all are found or the listing ends; ids never listed are absent from the map.
 */
export async function listedMeetings(
  ctx: CheckContext,
  ids: readonly string[],
  what: string,
  key: string = ctx.target.apiKey,
): Promise<Map<string, Meeting>> {
  const found = new Map<string, Meeting>();
  let cursor: string | undefined;
  for (let page = 0; page < PAGES && found.size < ids.length; page++) {
    const body = { limit: Limits.meetings.max, ...(cursor ? { last_updated_at: cursor } : {}) };
    const { meetings, has_more } = await call(ctx, 'get-meetings', body, { what, key });
    for (const m of meetings) if (ids.includes(m.id)) found.set(m.id, m);
    cursor = meetings[meetings.length - 1]?.updated_at;
    if (!has_more || !cursor) break;
  }
  return found;
}

/** The one meeting `id` as listed; a meeting get-meetings never lists is a deviation. */
export async function listedMeeting(
  ctx: CheckContext,
  id: string,
  what: string,
): Promise<Meeting | undefined> {
  const meeting = (await listedMeetings(ctx, [id], what)).get(id);
  verify(
    meeting,
    'MISSING_ITEM',
    `${what}: the meeting is not listed by get-meetings`,
    at(what, '$.meetings[*].id', id),
  );
  return meeting;
}

/**
 * Judges a meeting's participant_ids after a write: each of `present` listed, none of `absent`.
 * `what` names the answer (the write's own, or the listing that reads it back), `location` the field.
 */
export function judgeParticipants(
  meeting: Pick<Meeting, 'participant_ids'>,
  present: readonly string[],
  absent: readonly string[],
  what: string,
  location = '$.meeting.participant_ids',
): void {
  const ids = meeting.participant_ids;
  for (const id of present)
    verify(
      ids.includes(id),
      'MISSING_ITEM',
      `${what}: participant_ids lacks ${id}`,
      at(what, location, `including ${id}`, ids),
    );
  for (const id of absent)
    verify(
      !ids.includes(id),
      'UNEXPECTED_ITEM',
      `${what}: participant_ids still holds ${id}`,
      at(what, location, `without ${id}`, ids),
    );
}

import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import { prepareQuery } from './prepared-query.js';

// Who sees a meeting, decided in SQL: a user sees a meeting they host or take part in (by user id,
// or by `em:<their email>`), and nothing else. Every read of meetings on a user's behalf (the
// meeting routes, get-my-people, the partner triggers) starts from these queries.

/** Who is asking: a user id and that user's (lower-case) e-mail address. */
export interface Viewer {
  userId: string;
  email: string;
}

/** The participant ids a viewer appears under: their user id, and `em:` with their address. */
function viewerIds(viewer: Viewer): [string, string] {
  return [viewer.userId, `em:${viewer.email.toLowerCase()}`];
}

/** Meetings hosted by `hostId` or with `userId` or `invitee` among the participants. */
function visibleTo(db: Kysely<Database>, hostId: string, userId: string, invitee: string) {
  return db
    .selectFrom('meetings as m')
    .selectAll('m')
    .where((eb) =>
      eb.or([
        eb('m.host_user_id', '=', hostId),
        eb.exists(
          eb
            .selectFrom('meeting_participants as p')
            .select('p.meeting_id')
            .whereRef('p.meeting_id', '=', 'm.id')
            .where('p.participant_id', 'in', [userId, invitee]),
        ),
      ]),
    );
}

/** The meetings (`m`) the viewer may see, every column selected. */
export function visibleMeetings(db: Kysely<Database>, viewer: Viewer) {
  const [userId, invitee] = viewerIds(viewer);
  return visibleTo(db, userId, userId, invitee);
}

type PageValues = [hostId: string, userId: string, invitee: string, beforeUs: number, limit: number];

/** The values of a visible page's prepared query; no cursor is a cursor past every stamp. */
export function pageValues(viewer: Viewer, page: { beforeUs?: number; limit: number }): PageValues {
  const [userId, invitee] = viewerIds(viewer);
  return [userId, userId, invitee, page.beforeUs ?? Number.MAX_SAFE_INTEGER, page.limit];
}

/** The viewer's meetings updated strictly before `beforeUs`, newest first, at most `limit`. */
function visiblePage(db: Kysely<Database>, ...[hostId, userId, invitee, beforeUs, limit]: PageValues) {
  return visibleTo(db, hostId, userId, invitee)
    .where('m.updated_us', '<', beforeUs)
    .orderBy('m.updated_us', 'desc')
    .limit(limit);
}

// get-meetings' queries are prepared: they run on every call of the busiest route (bench:rest).

/** A page of visible meetings, whole rows; run with pageValues(). */
export const visiblePageQuery = prepareQuery(5, visiblePage);

/** The same page as (id, updated_us) pairs only: updated_us is the row's version. */
export const visibleVersionsQuery = prepareQuery(5, (db, ...page: PageValues) =>
  visiblePage(db, ...page)
    .clearSelect()
    .select(['m.id', 'm.updated_us']),
);

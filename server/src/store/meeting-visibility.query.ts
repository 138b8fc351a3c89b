import type { Kysely } from 'kysely';
import type { Database } from './database.js';

// Who sees a meeting, decided in SQL: a user sees a meeting they host or take part in (by user id,
// or by `em:<their email>`), and nothing else. Every read of meetings on a user's behalf (the
// meeting routes, get-my-people, the partner triggers) starts from these queries.

/** Who is asking: a user id and that user's (lower-case) e-mail address. */
export interface Viewer {
  userId: string;
  email: string;
}

/** The participant ids a viewer appears under: their user id, and `em:` with their address. */
export function viewerIds(viewer: Viewer): [string, string] {
  return [viewer.userId, `em:${viewer.email.toLowerCase()}`];
}

/**
 * Meetings hosted by `hostId` or with `userId` or `invitee` among the participants. Three values, as
 * a prepared query binds each of its values once (meetings.store.ts's page of them).
 */
export function visibleTo(db: Kysely<Database>, hostId: string, userId: string, invitee: string) {
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

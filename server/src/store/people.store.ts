import type { ContactRow } from './contacts.store.js';
import { type Viewer, viewerIds } from './meeting-visibility.query.js';
import type { RepoContext } from './repo-context.js';

// The read side of get-my-people: everyone who appears in the viewer's meetings, and the viewer's
// own guest contacts. Deciding who is a registered user, and the order, is the service's job.

export class PeopleStore {
  constructor(private readonly ctx: RepoContext) {}

  /**
   * Distinct participant ids (bare user ids and `em:` ids) and hosts of every meeting the viewer
   * hosts or takes part in, the viewer included.
   */
  async metParticipantIds(viewer: Viewer): Promise<string[]> {
    const visible = this.ctx.db
      .selectFrom('meeting_viewers')
      .select('meeting_id')
      .where('viewer_id', 'in', viewerIds(viewer));
    const [participants, hosts] = await Promise.all([
      this.ctx.db
        .selectFrom('meeting_participants')
        .select('participant_id')
        .distinct()
        .where('meeting_id', 'in', visible)
        .execute(),
      this.ctx.db
        .selectFrom('meetings')
        .select('host_user_id')
        .distinct()
        .where('id', 'in', visible)
        .execute(),
    ]);
    return [...new Set([...participants.map((r) => r.participant_id), ...hosts.map((r) => r.host_user_id)])];
  }

  /** The owner's guest contacts (found in their meetings by contact discovery or the seed). */
  async guestContacts(ownerUserId: string): Promise<ContactRow[]> {
    return this.ctx.db
      .selectFrom('guest_contacts')
      .selectAll()
      .where('owner_user_id', '=', ownerUserId)
      .execute();
  }
}

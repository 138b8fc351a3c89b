import { sql } from 'kysely';
import { MessageType } from '../core/contracts.js';
import type { RepoContext } from './repo-context.js';

// Keeps meeting_viewers and viewer_feed (migration 0014-meeting-viewers) equal to what they index:
// the roster with the host, the meeting's sort keys, and the meeting's messages other than users'
// chat. Each write of those runs here, in the caller's transaction; meeting-viewers.test.ts checks
// the tables against a rebuild from scratch after every kind of write.

/** Users' own chat stays out of viewer_feed: no per-viewer read lists it, and it is the bulk. */
const UNFED_TYPE = MessageType.USER;

export class MeetingViewersStore {
  constructor(private readonly ctx: RepoContext) {}

  /**
   * Rebuilds the meeting's viewers and its feed from the roster: after the meeting is inserted and
   * after every roster change. A roster is at most a request's 1,000 ids, so this is bounded.
   */
  syncRoster(meetingId: string): Promise<void> {
    return this.syncRosters([meetingId]);
  }

  /** syncRoster for several meetings at once (a bulk import's batch). */
  async syncRosters(meetingIds: readonly string[]): Promise<void> {
    if (meetingIds.length === 0) return;
    const db = this.ctx.db;
    const ids = sql.join(meetingIds.map((id) => sql`${id}`));
    await db.deleteFrom('viewer_feed').where('meeting_id', 'in', meetingIds).execute();
    await db.deleteFrom('meeting_viewers').where('meeting_id', 'in', meetingIds).execute();
    await sql`
      insert into meeting_viewers (viewer_id, meeting_id, meeting_updated_us, meeting_end_us)
      select host_user_id, id, updated_us, end_us from meetings where id in (${ids})
      union
      select p.participant_id, m.id, m.updated_us, m.end_us
      from meeting_participants p join meetings m on m.id = p.meeting_id
      where p.meeting_id in (${ids})
    `.execute(db);
    await sql`
      insert into viewer_feed (viewer_id, message_id, meeting_id, type, created_us)
      select v.viewer_id, msg.id, msg.meeting_id, msg.type, msg.created_us
      from messages msg join meeting_viewers v on v.meeting_id = msg.meeting_id
      where msg.meeting_id in (${ids}) and msg.type <> ${UNFED_TYPE}
    `.execute(db);
  }

  /** Copies the meeting's new updated_us and end_us to its viewers' rows. */
  async syncSortKeys(meetingId: string, keys: { updatedUs: number; endUs?: number | null }): Promise<void> {
    await this.ctx.db
      .updateTable('meeting_viewers')
      .set({
        meeting_updated_us: keys.updatedUs,
        ...(keys.endUs !== undefined ? { meeting_end_us: keys.endUs } : {}),
      })
      .where('meeting_id', '=', meetingId)
      .execute();
  }

  /** Feeds a new message to every viewer of its meeting (nothing for users' chat). */
  async feedMessage(message: {
    id: string;
    meeting_id: string;
    type: string;
    created_us: number;
  }): Promise<void> {
    if (message.type === UNFED_TYPE) return;
    await sql`
      insert into viewer_feed (viewer_id, message_id, meeting_id, type, created_us)
      select viewer_id, cast(${message.id} as text), meeting_id, cast(${message.type} as text),
        cast(${message.created_us} as bigint)
      from meeting_viewers where meeting_id = ${message.meeting_id}
    `.execute(this.ctx.db);
  }
}

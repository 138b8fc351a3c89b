import { sql } from 'kysely';
import { MessageType } from '../core/contracts.js';
import type { RepoContext } from './repo-context.js';
import { ViewerPeopleStore } from './viewer-people.store.js';

// Keeps meeting_viewers and viewer_feed (migration 0014-meeting-viewers) equal to what they index:
// the roster with the host, the meeting's sort keys, and the meeting's messages other than users'
// chat. Each write of those runs here, in the caller's transaction; meeting-viewers.test.ts checks
// the tables against a rebuild from scratch after every kind of write. Every roster change also
// reaches viewer_people (viewer-people.store.ts), with the viewers before and after it.

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
    // The viewers before and after, for the people they meet (viewer_people).
    const before = await db
      .deleteFrom('meeting_viewers')
      .where('meeting_id', 'in', meetingIds)
      .returning(['meeting_id', 'viewer_id'])
      .execute();
    const { rows: after } = await sql<{ meeting_id: string; viewer_id: string }>`
      insert into meeting_viewers (viewer_id, meeting_id, meeting_updated_us, meeting_end_us)
      select host_user_id, id, updated_us, end_us from meetings where id in (${ids})
      union
      select p.participant_id, m.id, m.updated_us, m.end_us
      from meeting_participants p join meetings m on m.id = p.meeting_id
      where p.meeting_id in (${ids})
      returning meeting_id, viewer_id
    `.execute(db);
    await sql`
      insert into viewer_feed (viewer_id, message_id, meeting_id, type, created_us)
      select v.viewer_id, msg.id, msg.meeting_id, msg.type, msg.created_us
      from messages msg join meeting_viewers v on v.meeting_id = msg.meeting_id
      where msg.meeting_id in (${ids}) and msg.type <> ${UNFED_TYPE}
    `.execute(db);
    const byMeeting = (rows: readonly { meeting_id: string; viewer_id: string }[]) => {
      const ids = new Map<string, string[]>();
      for (const row of rows) {
        const list = ids.get(row.meeting_id);
        if (list) list.push(row.viewer_id);
        else ids.set(row.meeting_id, [row.viewer_id]);
      }
      return ids;
    };
    const was = byMeeting(before);
    const is = byMeeting(after);
    await new ViewerPeopleStore(this.ctx).rostersChanged(
      meetingIds.map((id) => ({ before: was.get(id) ?? [], after: is.get(id) ?? [] })),
    );
  }

  /**
   * Before a meeting is deleted: the people its roster made meet are counted down (the cascade
   * removes its viewer rows). On PostgreSQL the meeting is locked first, so a roster change
   * committed meanwhile cannot slip between the rows read here and the delete.
   */
  async forgetMeeting(meetingId: string): Promise<void> {
    const db = this.ctx.db;
    if (this.ctx.dialect === 'postgres')
      await db.selectFrom('meetings').select('id').where('id', '=', meetingId).forUpdate().execute();
    const viewers = await db
      .selectFrom('meeting_viewers')
      .select('viewer_id')
      .where('meeting_id', '=', meetingId)
      .execute();
    await new ViewerPeopleStore(this.ctx).rostersChanged([
      { before: viewers.map((row) => row.viewer_id), after: [] },
    ]);
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

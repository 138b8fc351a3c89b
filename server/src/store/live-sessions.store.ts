import type { LiveSessionsTable } from './meetings.tables.js';
import type { RepoContext } from './repo-context.js';

export type LiveSessionRow = LiveSessionsTable;

export class LiveSessionsStore {
  constructor(private readonly ctx: RepoContext) {}

  /** Records an open stream; returns the row id. */
  async open(
    row: Pick<LiveSessionRow, 'session_id' | 'meeting_id' | 'user_id' | 'started_us'>,
  ): Promise<string> {
    const id = this.ctx.ids.next('lvs');
    await this.ctx.db
      .insertInto('live_sessions')
      .values({ ...row, id, ended_us: null, end_reason: null, finals: 0 })
      .execute();
    return id;
  }

  /** Marks an open session ended; false when it was not open (already closed, or its meeting deleted). */
  async close(id: string, end: { endedUs: number; reason: string; finals: number }): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('live_sessions')
      .set({ ended_us: end.endedUs, end_reason: end.reason, finals: end.finals })
      .where('id', '=', id)
      .where('ended_us', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async countOpen(meetingId: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('live_sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('meeting_id', '=', meetingId)
      .where('ended_us', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async get(id: string): Promise<LiveSessionRow | undefined> {
    return this.ctx.db.selectFrom('live_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

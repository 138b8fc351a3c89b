import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Live STT sessions that write into a meeting. A row is open (`ended_us` null) while its stream
// runs; a meeting ends when its last open stream finishes. Kept in the database, not in memory, so
// several server processes behind a load balancer agree on which streams are still open.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('live_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The client may choose the session id and reuse it (a reconnect continues its recording).
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_us', 'bigint', (c) => c.notNull())
    .addColumn('ended_us', 'bigint')
    .addColumn('end_reason', 'text')
    .addColumn('finals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('live_sessions_meeting_open_idx')
    .on('live_sessions')
    .columns(['meeting_id', 'ended_us'])
    .execute();
}

export const liveSessions: Migration = { up };

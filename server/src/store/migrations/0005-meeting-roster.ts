import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Meetings carry a copy of their roster: `participant_ids` (by position, the host first) and
// `co_host_ids` (by created_us), as JSON text like `languages`. get-meetings renders 50 meetings
// a page; reading two more text columns on rows it reads anyway is nearly free, while collecting
// the roster from meeting_participants/meeting_co_hosts cost two more queries (about half of
// service.list on SQLite). Those tables stay: they are indexed for visibility and people queries,
// and MeetingsStore keeps the copy equal to them in the same transaction as every roster write.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

/** The dialects differ only in the name of the ordered JSON aggregate. */
export type MigrationDialect = 'sqlite' | 'postgres';

export function meetingRoster(dialect: MigrationDialect): Migration {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .alterTable('meetings')
        .addColumn('participant_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('meetings')
        .addColumn('co_host_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      // SQLite >= 3.44 (node:sqlite bundles newer) orders inside an aggregate like PostgreSQL.
      // An aggregate over no rows is NULL on PostgreSQL, hence the coalesce; ties in created_us
      // (possible across server processes) are broken by user id so the order is deterministic.
      const agg = dialect === 'postgres' ? sql.raw('json_agg') : sql.raw('json_group_array');
      const text = dialect === 'postgres' ? sql.raw('::text') : sql.raw('');
      await sql`
        update meetings set
          participant_ids = coalesce((
            select ${agg}(p.participant_id order by p.position)${text}
            from meeting_participants p where p.meeting_id = meetings.id
          ), '[]'),
          co_host_ids = coalesce((
            select ${agg}(c.user_id order by c.created_us, c.user_id)${text}
            from meeting_co_hosts c where c.meeting_id = meetings.id
          ), '[]')
      `.execute(db);
    },
  };
}

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// State that several server processes on one PostgreSQL database must share (scale-out): the
// versions of cached meeting data, the partner rate limit and failed sign-ins. On SQLite (one
// process) the tables exist but stay empty: the server keeps that state in memory there.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  // One row per meeting whose cached summary or transcripts changed, plus the row '*' that the
  // emulator's reset moves. Never wiped: a version that went back to an earlier value could match
  // an entry another process cached before the reset.
  await db.schema
    .createTable('cache_versions')
    .addColumn('meeting_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  // Partner rate limit as a generic cell rate algorithm: the theoretical arrival time per key.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tat_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export const scaleOut: Migration = { up };

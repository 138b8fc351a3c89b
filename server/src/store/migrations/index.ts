import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { initial } from './0001-initial.js';
import { aiDocuments } from './0002-ai.js';
import { workspaceParentPage } from './0003-data.js';
import { liveSessions } from './0004-live-sessions.js';

// Every migration, in order. Append new ones (`0002-<what>.ts`); never edit one that has shipped:
// a database that already ran it would not see the change.
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-ai': aiDocuments,
  '0003-data': workspaceParentPage,
  '0004-live-sessions': liveSessions,
};

/** Brings the database up to the latest schema; runs on every start and is a no-op when current. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

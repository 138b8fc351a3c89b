import type { Kysely } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import { initial } from './0001-initial.js';
import { aiDocuments } from './0002-ai.js';
import { workspaceParentPage } from './0003-data.js';
import { liveSessions } from './0004-live-sessions.js';
import { type MigrationDialect, meetingRoster } from './0005-meeting-roster.js';
import { meetingVersionsIndex } from './0006-meeting-versions-index.js';
import { partnerAuth } from './0007-partner-auth.js';
import { webhookDeliveries } from './0008-webhook-deliveries.js';
import { scaleOut } from './0009-scale-out.js';
import { oauthGrantRevocation } from './0010-oauth-grant-revocation.js';
import { hookSubscriptions } from './0011-hook-subscriptions.js';
import { callbackSigner } from './0012-callback-signer.js';
import { hookSubscriptionGrant } from './0013-hook-subscription-grant.js';
import { meetingViewers } from './0014-meeting-viewers.js';
import { outboxPurgeIndexes } from './0015-outbox-purge-indexes.js';
import { viewerPeople } from './0016-viewer-people.js';

// Every migration, in order. Append new ones (`0002-<what>.ts`); never edit one that has shipped:
// a database that already ran it would not see the change. A migration whose SQL differs between
// the dialects takes the dialect as an argument.
function migrations(dialect: MigrationDialect): Record<string, Migration> {
  return {
    '0001-initial': initial,
    '0002-ai': aiDocuments,
    '0003-data': workspaceParentPage,
    '0004-live-sessions': liveSessions,
    '0005-meeting-roster': meetingRoster(dialect),
    '0006-meeting-versions-index': meetingVersionsIndex,
    '0007-partner-auth': partnerAuth,
    '0008-webhook-deliveries': webhookDeliveries,
    '0009-scale-out': scaleOut,
    '0010-oauth-grant-revocation': oauthGrantRevocation,
    '0011-hook-subscriptions': hookSubscriptions,
    '0012-callback-signer': callbackSigner,
    '0013-hook-subscription-grant': hookSubscriptionGrant,
    '0014-meeting-viewers': meetingViewers,
    '0015-outbox-purge-indexes': outboxPurgeIndexes,
    '0016-viewer-people': viewerPeople(dialect),
  };
}

/** Brings the database up to the latest schema; runs on every start and is a no-op when current. */
export function migrateToLatest(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Brings the database to the schema right after migration `name` (tests build older schemas). */
export function migrateTo(db: Kysely<unknown>, dialect: MigrationDialect, name: string): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Kysely<unknown>,
  dialect: MigrationDialect,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const all = migrations(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

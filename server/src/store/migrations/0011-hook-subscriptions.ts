import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Hook subscriptions of the partner interface (POST /api/partner/hooks): which URL gets which
// event of which user, signed with which client's secret. Deliveries are jobs of the outbox.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('hook_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();
  // Every event fans out by its name; every list and delete is by user.
  await db.schema
    .createIndex('hook_subscriptions_event_idx')
    .on('hook_subscriptions')
    .column('event')
    .execute();
  await db.schema
    .createIndex('hook_subscriptions_user_idx')
    .on('hook_subscriptions')
    .column('user_id')
    .execute();
}

export const hookSubscriptions: Migration = { up };

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// One row per try of a generate-document callback (the job itself lives in `jobs`): the emulator
// lists them, and a receiver's complaint can be matched to the `webhook-id` it saw.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_delivery_idx')
    .on('webhook_deliveries')
    .column('delivery_id')
    .execute();
}

export const webhookDeliveries: Migration = { up };

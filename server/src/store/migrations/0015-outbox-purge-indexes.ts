import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The outbox purge (jobs/job-worker.ts) deletes expired rows in bounded batches. Without these
// indexes each batch read every done job (jobs_due_idx narrows by status only) or every delivery
// try (no index on created_us), so a purge of n batches read the table n times; with them a batch
// reads the rows it deletes.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

export const outboxPurgeIndexes: Migration = {
  async up(db: Db): Promise<void> {
    await db.schema.createIndex('jobs_done_idx').on('jobs').columns(['status', 'updated_us']).execute();
    await db.schema
      .createIndex('webhook_deliveries_created_idx')
      .on('webhook_deliveries')
      .column('created_us')
      .execute();
  },
};

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Callback deliveries signed for an API key (POST /v1/stt with callback_url and an API key) rather
// than an OAuth client: the key's id is recorded beside the tries; client_id is '' for them.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('key_id', 'text').execute();
}

export const callbackSigner: Migration = { up };

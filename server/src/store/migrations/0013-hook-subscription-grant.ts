import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The OAuth grant a hook subscription was made under: a revoked grant ends its deliveries at once
// (checked at every delivery). Null on subscriptions made before this migration and on those made
// without an access token; those are not tied to a grant.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema.alterTable('hook_subscriptions').addColumn('grant_id', 'text').execute();
}

export const hookSubscriptionGrant: Migration = { up };

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The partner interface's sign-in: a password per user (scrypt, see partner/passwords.ts), browser
// sessions of the sign-in page (only the cookie value's hash is stored), and a signing secret per
// OAuth client for the generate-document callbacks (Standard Webhooks needs the key itself to sign,
// so it is kept as issued, like the files secret).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('user_passwords')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('oauth_clients').addColumn('webhook_secret', 'text').execute();
  await db.schema
    .createTable('oauth_sessions')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('expires_us', 'bigint', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();
}

export const partnerAuth: Migration = { up };

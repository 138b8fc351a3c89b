import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Revocation at grant level: a replayed code or a reused refresh token revokes the grant itself,
// so tokens another process is writing at that moment are dead too (a token is valid only while its
// grant is absent from `oauth_revoked_grants`). `successor` holds, on a rotated refresh token, the
// pair that replaced it, encrypted with a key only that refresh token derives: a second refresh in
// the grace window gets the same pair, and a leaked database reveals nothing usable.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('oauth_revoked_grants')
    .addColumn('grant_id', 'text', (c) => c.primaryKey())
    .addColumn('revoked_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('oauth_tokens').addColumn('successor', 'text').execute();
  // On a pair issued by a rotation: the hash of the refresh token it replaced, until the pair is
  // first used (which closes that token's grace window).
  await db.schema.alterTable('oauth_tokens').addColumn('rotated_from', 'text').execute();
  // Grants revoked before this migration stay revoked.
  await db
    .insertInto('oauth_revoked_grants')
    .columns(['grant_id', 'revoked_us'])
    .expression(
      db
        .selectFrom('oauth_tokens')
        .select(['family_id', (eb) => eb.fn.max('revoked_us').as('revoked_us')])
        .where('revoked_us', 'is not', null)
        .where('kind', '=', 'access')
        .groupBy('family_id'),
    )
    .execute();
}

export const oauthGrantRevocation: Migration = { up };

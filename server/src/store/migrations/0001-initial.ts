import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The whole schema, written once with Kysely's schema builder so the same migration runs on SQLite
// and PostgreSQL. Types used: text, bigint (microsecond stamps; INTEGER affinity in SQLite),
// integer (counts, 0/1 booleans), double precision (seconds, confidences).
// Foreign keys cascade from meetings and users so a delete never leaves orphans behind.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('meetings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('translation_languages', 'text', (c) => c.notNull())
    .addColumn('allow_add_translation_languages', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('invitation_link_expires_us', 'bigint', (c) => c.notNull())
    .addColumn('start_us', 'bigint', (c) => c.notNull())
    .addColumn('end_us', 'bigint')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('meetings_updated_us_key', ['updated_us'])
    .execute();
  await db.schema
    .createIndex('meetings_host_updated_idx')
    .on('meetings')
    .columns(['host_user_id', 'updated_us'])
    .execute();

  await db.schema
    .createTable('meeting_participants')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('meeting_participants_pk', ['meeting_id', 'participant_id'])
    .execute();
  await db.schema
    .createIndex('meeting_participants_participant_idx')
    .on('meeting_participants')
    .column('participant_id')
    .execute();

  await db.schema
    .createTable('meeting_co_hosts')
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('meeting_co_hosts_pk', ['meeting_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('summary_status', 'text')
    .addColumn('payload', 'text')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('messages_updated_us_key', ['updated_us'])
    .execute();
  await db.schema
    .createIndex('messages_meeting_updated_idx')
    .on('messages')
    .columns(['meeting_id', 'updated_us'])
    .execute();
  await db.schema
    .createIndex('messages_type_updated_idx')
    .on('messages')
    .columns(['type', 'updated_us'])
    .execute();

  await db.schema
    .createTable('transcription_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('meeting_message_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('start_duration', 'double precision', (c) => c.notNull())
    .addColumn('end_duration', 'double precision', (c) => c.notNull())
    .addColumn('is_final', 'integer', (c) => c.notNull())
    .addColumn('speaker_v2', 'text')
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('transcription_chunks_updated_us_key', ['updated_us'])
    .execute();
  await db.schema
    .createIndex('transcription_chunks_meeting_updated_idx')
    .on('transcription_chunks')
    .columns(['meeting_id', 'updated_us'])
    .execute();

  await db.schema
    .createTable('transcript_utterances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('start_seconds', 'double precision', (c) => c.notNull())
    .addColumn('end_seconds', 'double precision', (c) => c.notNull())
    .addColumn('transcript', 'text', (c) => c.notNull())
    .addColumn('confidence', 'double precision', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('speaker_v2', 'text')
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('transcript_utterances_updated_us_key', ['updated_us'])
    .execute();
  await db.schema
    .createIndex('transcript_utterances_meeting_updated_idx')
    .on('transcript_utterances')
    .columns(['meeting_id', 'updated_us'])
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('original_languages', 'text', (c) => c.notNull())
    .addColumn('view_language', 'text', (c) => c.notNull())
    .addColumn('translation_languages', 'text', (c) => c.notNull())
    .addColumn('contextual_keywords', 'text', (c) => c.notNull())
    .addColumn('max_recording_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('guest_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.references('meetings.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('company_position', 'text')
    .addColumn('social_profile_id', 'text')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('guest_contacts_owner_email_key', ['owner_user_id', 'email'])
    .addUniqueConstraint('guest_contacts_updated_us_key', ['updated_us'])
    .execute();

  await db.schema
    .createTable('workspace_tokens')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('meeting_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after_us', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addColumn('updated_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_after_us']).execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) =>
      c.notNull().references('oauth_clients.client_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('expires_us', 'bigint', (c) => c.notNull())
    .addColumn('used_us', 'bigint')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) =>
      c.notNull().references('oauth_clients.client_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('expires_us', 'bigint', (c) => c.notNull())
    .addColumn('revoked_us', 'bigint')
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_tokens_family_idx').on('oauth_tokens').column('family_id').execute();
}

export const initial: Migration = { up };

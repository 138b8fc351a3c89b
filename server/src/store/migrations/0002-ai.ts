import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Documents made by ask-ai-for-meeting. Each row is one workflow plan and the Markdown it produced;
// `parent_id` chains the versions of a document (source_document_id), `version` counts them.
// Kept out of `messages` so get-meeting-messages lists only the message types the spec shows.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('ai_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('source_markdown', 'text')
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('ai_model', 'text', (c) => c.notNull())
    .addColumn('model', 'integer', (c) => c.notNull())
    .addColumn('attachment_urls', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('next_actions', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_documents_meeting_created_idx')
    .on('ai_documents')
    .columns(['meeting_id', 'created_us'])
    .execute();
}

export const aiDocuments: Migration = { up };

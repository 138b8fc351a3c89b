import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Workspace (Notion) connections gain the page new uploads go under. Notion creates pages only
// inside a page or database the integration was shared with; a page at the workspace's top level
// is allowed for public integrations only, which is what a null parent means.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema.alterTable('workspace_tokens').addColumn('parent_page_id', 'text').execute();
}

export const workspaceParentPage: Migration = { up };

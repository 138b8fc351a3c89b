import type { WorkspaceTokensTable } from './accounts.tables.js';
import type { RepoContext } from './repo-context.js';

// Each user's connection to the external notes workspace (Notion): the access token the upload
// route calls the workspace API with, and where new pages go. One connection per user.

export type WorkspaceTokenRow = WorkspaceTokensTable;

export interface WorkspaceConnection {
  userId: string;
  accessToken: string;
  workspaceId?: string | null;
  parentPageId?: string | null;
}

export class WorkspaceStore {
  constructor(private readonly ctx: RepoContext) {}

  async get(userId: string): Promise<WorkspaceTokenRow | undefined> {
    return this.ctx.db
      .selectFrom('workspace_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Stores the connection, replacing the user's previous one. */
  async upsert(input: WorkspaceConnection): Promise<WorkspaceTokenRow> {
    const now = this.ctx.stamps.next();
    const changes = {
      access_token: input.accessToken,
      workspace_id: input.workspaceId ?? null,
      parent_page_id: input.parentPageId ?? null,
      updated_us: now,
    };
    await this.ctx.db
      .insertInto('workspace_tokens')
      .values({ user_id: input.userId, created_us: now, ...changes })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
    return (await this.get(input.userId)) as WorkspaceTokenRow;
  }

  async delete(userId: string): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('workspace_tokens')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

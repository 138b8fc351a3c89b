import type { UserSettingsTable } from './database.js';
import type { RepoContext } from './repo-context.js';

// Per-user default meeting settings. A user without a row has the defaults the settings service
// applies; create-meeting reads the row to pick the meeting's languages.

export type SettingsRow = UserSettingsTable;

export class SettingsStore {
  constructor(private readonly ctx: RepoContext) {}

  async get(userId: string): Promise<SettingsRow | undefined> {
    return this.ctx.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async upsert(row: Omit<SettingsRow, 'updated_us'>): Promise<SettingsRow> {
    const full = { ...row, updated_us: this.ctx.stamps.next() };
    const { user_id, ...changes } = full;
    await this.ctx.db
      .insertInto('user_settings')
      .values(full)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
    return full;
  }
}

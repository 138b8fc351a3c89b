import type { UserSettingsTable } from './accounts.tables.js';
import { fromJson, toJson } from './json-columns.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

// Per-user default meeting settings. A user without a row has the defaults the settings service
// applies; create-meeting reads the row to pick the meeting's languages.

type ListColumn = 'original_languages' | 'translation_languages' | 'contextual_keywords';

/** A user's stored settings, decoded. */
export type SettingsRow = Omit<UserSettingsTable, ListColumn> & Record<ListColumn, string[]>;

// Read by every create-meeting, so prepared (prepared-query.ts).
const settingsOfUser = prepareQuery(1, (db, userId: string) =>
  db.selectFrom('user_settings').selectAll().where('user_id', '=', userId),
);

export class SettingsStore {
  constructor(private readonly ctx: RepoContext) {}

  async get(userId: string): Promise<SettingsRow | undefined> {
    const [row] = await settingsOfUser.run(this.ctx.db, this.ctx.dialect, userId);
    return (
      row && {
        ...row,
        original_languages: fromJson<string[]>(row.original_languages, []),
        translation_languages: fromJson<string[]>(row.translation_languages, []),
        contextual_keywords: fromJson<string[]>(row.contextual_keywords, []),
      }
    );
  }

  async upsert(row: Omit<SettingsRow, 'updated_us'>): Promise<SettingsRow> {
    const full = { ...row, updated_us: this.ctx.stamps.next() };
    const encoded: UserSettingsTable = {
      ...full,
      original_languages: toJson(full.original_languages),
      translation_languages: toJson(full.translation_languages),
      contextual_keywords: toJson(full.contextual_keywords),
    };
    const { user_id, ...changes } = encoded;
    await this.ctx.db
      .insertInto('user_settings')
      .values(encoded)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
    return full;
  }
}

import { sql } from 'kysely';
import type { UsersTable } from './accounts.tables.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

// Users by id or (lower-cased) address in one prepared query: get-meetings looks up every
// participant of a page (~50 addresses), and viewer_people's writers every id of a roster. Each
// list is bound as one JSON array: building an `in (?, ?, …)` of changing length cost more than
// running it, and a long history names more people than SQLite takes values in one statement.

export async function usersByIdsOrEmails(
  ctx: RepoContext,
  ids: readonly string[],
  emails: readonly string[],
): Promise<UsersTable[]> {
  if (ids.length === 0 && emails.length === 0) return [];
  const lowered = emails.map((email) => email.toLowerCase());
  const query = ctx.dialect === 'postgres' ? usersByListsPg : usersByListsSqlite;
  return query.run(ctx.db, ctx.dialect, JSON.stringify(ids), JSON.stringify(lowered));
}

// The members of a JSON array of text, as rows: the one part of this query that differs by dialect.
const usersByListsSqlite = prepareQuery(2, (db, idsJson: string, emailsJson: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(
      sql<boolean>`id in (select value from json_each(${idsJson})) or email in (select value from json_each(${emailsJson}))`,
    ),
);
const usersByListsPg = prepareQuery(2, (db, idsJson: string, emailsJson: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(
      sql<boolean>`id in (select json_array_elements_text(${idsJson}::json)) or email in (select json_array_elements_text(${emailsJson}::json))`,
    ),
);

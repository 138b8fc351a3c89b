import type { ViewerPeopleTable } from './accounts.tables.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

// The read side of get-my-people: a page of the owner's viewer_people rows (migration
// 0016-viewer-people, kept by viewer-people.store.ts), walked on (owner_user_id, sort_name, email)
// from the cursor and stopped at the limit. The index's order is code-point order on both dialects
// (BINARY on SQLite, collate "C" on PostgreSQL), the order the route has always had.

export type PersonRow = Pick<ViewerPeopleTable, 'email' | 'sort_name' | 'user_id' | 'contact_name'>;

const COLUMNS = ['email', 'sort_name', 'user_id', 'contact_name'] as const;

// Prepared: built and compiled once per dialect, bound per request (prepared-query.ts).
const firstPage = prepareQuery(2, (db, owner: string, limit: number) =>
  db
    .selectFrom('viewer_people')
    .select(COLUMNS)
    .where('owner_user_id', '=', owner)
    .orderBy('sort_name')
    .orderBy('email')
    .limit(limit),
);
const laterPage = prepareQuery(4, (db, owner: string, name: string, email: string, limit: number) =>
  db
    .selectFrom('viewer_people')
    .select(COLUMNS)
    .where('owner_user_id', '=', owner)
    .where((eb) => eb(eb.refTuple('sort_name', 'email'), '>', eb.tuple(name, email)))
    .orderBy('sort_name')
    .orderBy('email')
    .limit(limit),
);

export class PeopleStore {
  constructor(private readonly ctx: RepoContext) {}

  /** At most `limit` of the owner's people, by name then e-mail, after the cursor's when given. */
  page(
    ownerUserId: string,
    after: { name: string; email: string } | undefined,
    limit: number,
  ): Promise<PersonRow[]> {
    const { db, dialect } = this.ctx;
    return after
      ? laterPage.run(db, dialect, ownerUserId, after.name, after.email, limit)
      : firstPage.run(db, dialect, ownerUserId, limit);
  }
}

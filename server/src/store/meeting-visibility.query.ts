import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, Dialect } from './database.js';
import { prepareQuery } from './prepared-query.js';

// Who sees a meeting, decided in SQL: a user sees a meeting they host or take part in (by user id,
// or by `em:<their email>`), and nothing else. meeting_viewers holds one row per (viewer id,
// meeting) for exactly those ids (meeting-viewers.store.ts keeps it), so every read on a user's
// behalf (the meeting routes, get-my-people, the partner triggers) starts here: one meeting by
// primary keys, or a walk of the viewer's own index rows that stops at the page (README.md,
// "Reads bounded by the page").

/** Who is asking: a user id and that user's (lower-case) e-mail address. */
export interface Viewer {
  userId: string;
  email: string;
}

/** The participant ids a viewer appears under: their user id, and `em:` with their address. */
export function viewerIds(viewer: Viewer): [string, string] {
  return [viewer.userId, `em:${viewer.email.toLowerCase()}`];
}

/** Meetings (`m`, every column) that `userId` or `invitee` sees; for reads of given meeting ids. */
export function visibleTo(db: Kysely<Database>, userId: string, invitee: string) {
  return db
    .selectFrom('meetings as m')
    .selectAll('m')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('meeting_viewers as v')
          .select('v.meeting_id')
          .whereRef('v.meeting_id', '=', 'm.id')
          .where('v.viewer_id', 'in', [userId, invitee]),
      ),
    );
}

/** The meetings (`m`) the viewer may see, every column selected; narrow it to given ids. */
export function visibleMeetings(db: Kysely<Database>, viewer: Viewer) {
  const [userId, invitee] = viewerIds(viewer);
  return visibleTo(db, userId, invitee);
}

/**
 * One viewer id's rows, newest first by the walk's `order` columns: `bound` is the cursor (rows
 * strictly before it) and `extra`, when the walk has it, a further value the branch compares (a
 * message type). Each must be used once, as prepared queries bind every value once.
 */
type Branch<Row> = (
  db: Kysely<Database>,
  viewerId: string,
  bound: number,
  extra: string,
  // biome-ignore lint/suspicious/noExplicitAny: a branch may read from any table of the schema
) => SelectQueryBuilder<Database, any, Row>;

export interface ViewerWalk<Row> {
  /**
   * At most `limit` distinct rows (by `key`) over both of the viewer's ids, newest first. A meeting
   * may be seen under both ids, so up to twice the page is read: still the page, not the history.
   */
  run(db: Kysely<Database>, dialect: Dialect, viewer: Viewer, page: WalkPage): Promise<Row[]>;
}

export interface WalkPage {
  /** Only rows whose first order column is below this. */
  bound?: number;
  limit: number;
  extra?: string;
}

type Query<Row> = SelectQueryBuilder<Database, never, Row>;

/**
 * The viewer's two index walks merged in the database. SQLite merges a compound SELECT's sorted
 * branches lazily (MERGE (UNION ALL)) and stops at the LIMIT, so each branch is a plain walk; a
 * LIMIT inside a branch would make it sort that branch again. PostgreSQL merges limited branches
 * (Merge Append of two Limit + Index Scan Backward); unlimited ones it appends and sorts whole.
 * `rows`, when given, reads the walked page's rows in the same statement (one snapshot), e.g. the
 * meetings by primary key; they come back in the walk's order.
 */
export function prepareViewerWalk<
  Row extends Record<string, unknown>,
  Out extends Record<string, unknown> = Row,
>(walk: {
  branch: Branch<Row>;
  order: readonly (keyof Row & keyof Out & string)[];
  key: keyof Out & string;
  extra: boolean;
  rows?: (db: Kysely<Database>, walked: Query<Row>) => Query<Out>;
}): ViewerWalk<Out> {
  const ordered = <R>(query: Query<R>): Query<R> =>
    walk.order.reduce((q, column) => q.orderBy(sql.ref(column), 'desc'), query);
  const finish = (db: Kysely<Database>, walked: Query<Row>): Query<Out> =>
    walk.rows ? walk.rows(db, walked) : (walked as unknown as Query<Out>);
  // Values per branch: viewer id, bound and (when used) extra; then the limits.
  const perBranch = walk.extra ? 3 : 2;
  const side = (db: Kysely<Database>, v: unknown[]) =>
    walk.branch(
      db,
      v[0] as string,
      v[1] as number,
      (walk.extra ? v[2] : '') as string,
    ) as unknown as Query<Row>;
  const sqlite = prepareQuery(2 * perBranch + 1, (db, ...v: unknown[]) =>
    finish(
      db,
      ordered(side(db, v.slice(0, perBranch)).unionAll(side(db, v.slice(perBranch, 2 * perBranch)))).limit(
        v[2 * perBranch] as number,
      ),
    ),
  );
  const postgres = prepareQuery(2 * perBranch + 3, (db, ...v: unknown[]) => {
    const limited = (values: unknown[], limit: unknown) =>
      db
        .selectFrom(
          ordered(side(db, values))
            .limit(limit as number)
            .as('w'),
        )
        .selectAll() as unknown as Query<Row>;
    const first = limited(v.slice(0, perBranch), v[2 * perBranch]);
    const second = limited(v.slice(perBranch, 2 * perBranch), v[2 * perBranch + 1]);
    return finish(db, ordered(first.unionAll(second)).limit(v[2 * perBranch + 2] as number));
  });
  const newestFirst = (a: Out, b: Out): number => {
    for (const column of walk.order) {
      const x = a[column] as number | string;
      const y = b[column] as number | string;
      if (x !== y) return x < y ? 1 : -1;
    }
    return 0;
  };
  return {
    async run(db, dialect, viewer, page) {
      const bound = page.bound ?? Number.MAX_SAFE_INTEGER;
      const branchValues = (id: string) => (walk.extra ? [id, bound, page.extra ?? ''] : [id, bound]);
      const [id1, id2] = viewerIds(viewer);
      const read = 2 * page.limit;
      const values = [...branchValues(id1), ...branchValues(id2)];
      const rows = (
        dialect === 'postgres'
          ? await postgres.run(db, dialect, ...values, read, read, read)
          : await sqlite.run(db, dialect, ...values, read)
      ) as Out[];
      // A join gives no order of its own; the walk's is restored here, over the page alone.
      if (walk.rows) rows.sort(newestFirst);
      const seen = new Set<unknown>();
      const distinct: Out[] = [];
      for (const row of rows) {
        if (seen.has(row[walk.key])) continue;
        seen.add(row[walk.key]);
        distinct.push(row);
        if (distinct.length === page.limit) break;
      }
      return distinct;
    },
  };
}

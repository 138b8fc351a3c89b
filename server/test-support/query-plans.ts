import { CompiledQuery } from 'kysely';
import type { Store } from '../src/store/store.js';

// The plans of the statements a request runs: capture every query the store's connection executes
// while a request is served, then ask the database how it would run each SELECT (SQLite's
// EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN (FORMAT JSON), with the same parameters) and name what
// reads a user's history rather than a page of it.

/** Tables whose rows grow with one user's history. */
export const USER_SCOPED_TABLES = [
  'meetings',
  'meeting_participants',
  'meeting_co_hosts',
  'meeting_viewers',
  'viewer_feed',
  'messages',
  'transcription_chunks',
  'transcript_utterances',
  'guest_contacts',
  'viewer_people',
] as const;

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs `work` and returns the SELECT statements executed on the store's connection meanwhile. */
export async function capturedSelects(store: Store, work: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const executor = store.db.getExecutor();
  const original = executor.executeQuery;
  const captured: CapturedQuery[] = [];
  executor.executeQuery = function (this: typeof executor, query, ...rest) {
    captured.push({ sql: query.sql, parameters: query.parameters });
    return original.call(this, query, ...rest);
  } as typeof executor.executeQuery;
  try {
    await work();
  } finally {
    executor.executeQuery = original;
  }
  return captured.filter((query) => /^\s*(\(\s*)?(select|with)\b/i.test(query.sql));
}

/** The tables a statement reads (for checking that a capture saw the route's own query). */
export function tablesOf(query: CapturedQuery): string[] {
  return [...query.sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((match) => match[1] as string);
}

/**
 * Rows PostgreSQL may sort: two of the largest default page (a viewer walk reads up to twice the
 * page). It sorts one meeting's few messages rather than walk an index for them, which is right;
 * a sort of a user's history is estimated at the history's size and fails.
 */
const PG_SORTED_ROWS_ALLOWED = 200;

/** What in the statement's plan reads beyond the page: full scans and sorts; empty when bounded. */
export async function planProblems(store: Store, query: CapturedQuery): Promise<string[]> {
  const scoped = new Set<string>(USER_SCOPED_TABLES);
  if (store.dialect === 'sqlite') {
    const { rows } = await store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    return rows
      .map((row) => row.detail)
      .filter((detail) => {
        const scan = /^SCAN (\w+)/.exec(detail);
        // `SCAN w` reads a subquery bounded by its LIMIT; a table's SCAN reads every row.
        return (scan !== null && scoped.has(scan[1] as string)) || detail.includes('TEMP B-TREE');
      });
  }
  const { rows } = await store.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlan }] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
  );
  const problems: string[] = [];
  const visit = (node: PgPlan) => {
    const relation = node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && relation && scoped.has(relation))
      problems.push(`Seq Scan on ${relation}`);
    const sorted = node.Plans?.[0]?.['Plan Rows'] ?? 0;
    if (/Sort$/.test(node['Node Type']) && sorted > PG_SORTED_ROWS_ALLOWED)
      problems.push(`${node['Node Type']} of ~${sorted} rows by ${(node['Sort Key'] ?? []).join(', ')}`);
    for (const child of node.Plans ?? []) visit(child);
  };
  const [explained] = rows;
  if (!explained) throw new Error(`EXPLAIN returned no plan for ${query.sql}`);
  visit(explained['QUERY PLAN'][0].Plan);
  return problems;
}

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Sort Key'?: string[];
  /** The planner's estimate of the rows the node returns. */
  'Plan Rows': number;
  Plans?: PgPlan[];
}

import { deviate, verify } from '../../check.js';
import { at } from '../../json-path.js';

// A list walked page by page with a small limit and the spec's cursor until has_more is false, and
// what a walk must show: every page within its limit, no record twice, none of the records it must
// list left out. The cursor is the list's own (a stamp, `<name>:<email>`); where the spec's cursor
// rule excludes records equal to it ("updated after this time"), a record whose key equals a
// boundary cursor may be left out by a deployment that follows the rule, so it is not required.

/** At most this many pages are walked; a list longer than that cannot be judged to its end. */
export const MAX_PAGES = 60;

export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

export interface Walk<T> {
  items: T[];
  /** The cursors the walk sent after the first page, in order. */
  cursors: string[];
  /** has_more became false (or a page could not be followed): the walk reached its end. */
  ended: boolean;
  /** A page's last item gave the cursor the page was asked with: the walk could not go on. */
  stuck?: boolean;
}

/**
 * Walks `list` from its first page (`undefined` cursor) with `limitOf`, each next cursor made from the
 * page's last item, until has_more is false, `enough` says the walk has gone far enough, or
 * MAX_PAGES. Pages over the limit, a has_more true on an empty page and a cursor that does not move
 * (a page ending on its own cursor's record) are deviations of `what`.
 */
export async function walkPages<T>(
  list: (cursor: string | undefined, limit: number) => Promise<Page<T>>,
  cursorOf: (item: T) => string,
  /** The page size, or a draw of one per page. */
  limitOf: number | (() => number),
  what: string,
  field: string,
  enough: (cursor: string) => boolean = () => false,
  /** The cursor only approximates the list's rule (a created_at for "updated after"): a page may end where it began. */
  approximate = false,
): Promise<Walk<T>> {
  const items: T[] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const limit = typeof limitOf === 'number' ? limitOf : limitOf();
    const page = await list(cursor, limit);
    verify(
      page.items.length <= limit,
      'COUNT',
      `${what}: page ${n + 1} holds ${page.items.length} items for limit ${limit}`,
      at(what, `$.${field}`, `at most ${limit}`, page.items.length),
    );
    items.push(...page.items);
    if (!page.hasMore) return { items, cursors, ended: true };
    const last = page.items[page.items.length - 1];
    if (!last) {
      deviate(
        'VALUE',
        `${what}: has_more true on an empty page ${n + 1}: the walk cannot go on`,
        at(what, '$.has_more', false, true),
      );
      return { items, cursors, ended: true };
    }
    const next = cursorOf(last);
    if (next === cursor) {
      // The page asked after `cursor` ends on the record the cursor was made of: with the list's own
      // key, a cursor that does not move (repeated pages) whatever the data.
      if (!approximate)
        deviate(
          'DUPLICATE',
          `${what}: page ${n + 1}, asked after ${JSON.stringify(cursor)}, ends on the record that cursor came from, with has_more true: the cursor does not move`,
          at(what, `$.${field}[-1]`, `a record after ${cursor}`, cursor),
        );
      return { items, cursors, ended: false, stuck: true };
    }
    cursor = next;
    if (enough(cursor)) return { items, cursors, ended: false };
    cursors.push(cursor);
  }
  return { items, cursors, ended: false };
}

/**
 * Judges a walk against the records it must show (`expected`, by key): each listed once, none left
 * out but those whose `boundary` key equals a cursor the walk sent (the spec's strict cursor may
 * exclude them). `repeatsAllowed` where the cursor is only an approximation of the rule's key.
 */
export function judgeWalk<T>(
  walk: Walk<T>,
  expected: readonly T[],
  keyOf: (item: T) => string,
  boundaryOf: (item: T) => string | undefined,
  what: string,
  field: string,
  repeatsAllowed = false,
): void {
  const keys = walk.items.map(keyOf);
  if (!repeatsAllowed)
    for (const key of new Set(keys.filter((k, i) => keys.indexOf(k) !== i)))
      deviate(
        'DUPLICATE',
        `${what}: ${key} listed twice across the pages`,
        at(what, `$.${field}[*]`, 'each record once', key),
      );
  const listed = new Set(keys);
  const cursors = new Set(walk.cursors);
  for (const item of expected) {
    const key = keyOf(item);
    const boundary = boundaryOf(item);
    if (listed.has(key) || (boundary !== undefined && cursors.has(boundary))) continue;
    deviate(
      'MISSING_ITEM',
      `${what}: ${key} is never listed on any page (${walk.cursors.length + 1} pages walked)`,
      at(what, `$.${field}[*]`, key),
    );
  }
}

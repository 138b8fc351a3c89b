import { ApiError } from '../core/api-error.js';
import { parseTimestamp } from './timestamps.js';

// Keyset paging shared by every listing: read one row more than asked to learn `has_more`
// without a count query.

/** The cursor text as microseconds; undefined when absent. Schemas check the format already. */
export function cursorMicros(text: string | null | undefined): number | undefined {
  if (text === undefined || text === null) return undefined;
  const micros = parseTimestamp(text);
  if (micros === undefined) throw ApiError.badRequest(`Invalid timestamp: ${text}`);
  return micros;
}

/** Splits a `limit + 1` read into the page and whether more rows follow. */
export function takePage<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

// Whether an error means the database cannot serve now (gone, silent, restarting, its disk full or
// read-only) rather than that the request or the server is wrong: the request then answers 503
// DATABASE_UNAVAILABLE (services/error-words.ts) and may be retried once the database is back; the
// pool opens new connections by itself. One list for the start-up sentence and for requests.

/** Node's codes for an address that cannot be reached (also the start-up sentence's "cannot be reached"). */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** A connection lost under a query: the server stopped or restarted. */
const LOST_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** pg's own words when a connection ends, never opens in time, or stops answering. */
const PG_CONNECTION_WORDS =
  /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

/** pg's words when a connection was not opened within PARLEY_DB_CONNECT_TIMEOUT_MS. */
export const PG_CONNECT_TIMEOUT_WORDS = /^(Connection terminated due to connection timeout|timeout expired)/;

/**
 * SQLSTATEs of a database that cannot serve: class 08 (connection exception), 57P01-57P03 (shut
 * down, crashed, starting up), 57014 (a statement cancelled, PARLEY_DB_STATEMENT_TIMEOUT_MS),
 * 53xxx (out of disk, memory or connections), 25006 (a read-only server).
 */
const PG_UNAVAILABLE_STATE = /^(08...|57P0[123]|57014|53...|25006)$/;

/** SQLite's primary result codes: 5 BUSY, 8 READONLY, 10 IOERR, 13 FULL, 14 CANTOPEN. */
const SQLITE_UNAVAILABLE = new Map([
  [5, 'is busy'],
  [8, 'is on a read-only disk'],
  [10, 'cannot read or write its disk'],
  [13, 'has a full disk'],
  [14, 'cannot open its file'],
]);

/** Why the database cannot serve, in a few words, or undefined when the error is not the database's absence. */
export function databaseUnavailable(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const inner = e instanceof AggregateError ? [e, ...e.errors] : [e];
    for (const one of inner) {
      const found = reasonOf(one as Error & { code?: unknown; errcode?: unknown });
      if (found) return found;
    }
  }
  return undefined;
}

function reasonOf(error: Error & { code?: unknown; errcode?: unknown }): string | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNREACHABLE_CODES.has(code)) return 'cannot be reached';
  if (LOST_CODES.has(code)) return 'closed the connection';
  if (PG_UNAVAILABLE_STATE.test(code)) return code === '57014' ? 'did not answer in time' : 'is not serving';
  if (code === 'ERR_SQLITE_ERROR' && typeof error.errcode === 'number')
    return SQLITE_UNAVAILABLE.get(error.errcode & 0xff);
  if (PG_CONNECTION_WORDS.test(error.message)) return 'is not answering';
  return undefined;
}

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { CONFIG_DEFAULTS, type Config } from '../core/config.js';
import type { Database, Dialect } from './database.js';
import { openSqlite } from './sqlite-adapter.js';

// Picks the dialect from the database URL: `postgres://` or `postgresql://` is PostgreSQL, `sqlite:`
// names a SQLite file (`sqlite::memory:` an in-memory one), and no URL at all is the embedded
// default, a SQLite file in the data directory.

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** PARLEY_DB_CONNECT_TIMEOUT_MS and PARLEY_DB_STATEMENT_TIMEOUT_MS (PostgreSQL only). */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: CONFIG_DEFAULTS.databaseConnectTimeoutMs,
  statementMs: CONFIG_DEFAULTS.databaseStatementTimeoutMs,
};

/** The configuration's deadlines (a hand-built configuration without them gets the defaults). */
export function databaseTimeoutsOf(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.databaseConnectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectMs,
    statementMs: config.databaseStatementTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.statementMs,
  };
}

/**
 * pg's options for both deadlines. The server cancels a statement at statementMs and says so; the
 * client's own read deadline comes a connect timeout later, for a server that stopped speaking
 * mid-query (then nothing would ever say so).
 */
function pgTimeoutOptions(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + timeouts.connectMs,
  };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export function connect(
  databaseUrl: string | undefined,
  dataDir: string,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Connection {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return connectPostgres(databaseUrl, timeouts);
  const path = databaseUrl?.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length)
    : join(dataDir, 'parley.sqlite');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(path) }) });
  return { db, dialect: 'sqlite' };
}

function connectPostgres(connectionString: string, timeouts: DatabaseTimeouts): Connection {
  // Microsecond stamps are BIGINT; pg returns int8 as a string by default. They stay below 2^53
  // until the year 2255, so plain numbers are exact.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID || oid === NUMERIC_OID
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({ connectionString, types, max: 10, ...pgTimeoutOptions(timeouts) });
  // An idle connection that the server drops (restart, failover, admin termination) emits 'error'
  // on the pool; unhandled, that would crash the process. The pool discards the client and the
  // next query opens a new connection, so there is nothing more to do here.
  pool.on('error', () => {});
  // The pool listens for errors only on idle clients. One checked out and between queries (inside a
  // transaction, or just acquired) that loses its server (a stop, a restart: "terminating connection
  // due to administrator command") would emit 'error' to nobody, an uncaught exception that ends the
  // process. Its next query fails instead (503), and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres' };
}

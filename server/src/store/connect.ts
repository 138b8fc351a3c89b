import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Dialect } from './database.js';
import { openSqlite } from './sqlite-adapter.js';

// Picks the dialect from the database URL: `postgres://` or `postgresql://` is PostgreSQL, `sqlite:`
// names a SQLite file (`sqlite::memory:` an in-memory one), and no URL at all is the embedded
// default, a SQLite file in the data directory.

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export function connect(databaseUrl: string | undefined, dataDir: string): Connection {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return connectPostgres(databaseUrl);
  const path = databaseUrl?.startsWith('sqlite:')
    ? databaseUrl.slice('sqlite:'.length)
    : join(dataDir, 'parley.sqlite');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(path) }) });
  return { db, dialect: 'sqlite' };
}

function connectPostgres(connectionString: string): Connection {
  // Microsecond stamps are BIGINT; pg returns int8 as a string by default. They stay below 2^53
  // until the year 2255, so plain numbers are exact.
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID || oid === NUMERIC_OID
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle connection that the server drops (restart, failover, admin termination) emits 'error'
  // on the pool; unhandled, that would crash the process. The pool discards the client and the
  // next query opens a new connection, so there is nothing more to do here.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres' };
}

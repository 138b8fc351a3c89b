import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SqliteDialect expects better-sqlite3's interface. Node 22's built-in node:sqlite has the
// same synchronous model, so a thin adapter is enough and no native addon has to be compiled.

/** Distinct SQL texts kept prepared; past this the cache starts over (simpler than LRU, and rare). */
const STATEMENT_CACHE_SIZE = 500;

/** DDL: after it, cached statements are dropped so their column names are read again. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

export function openSqlite(path: string): SqliteDatabase {
  const raw = new DatabaseSync(path);
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite;
  // busy_timeout makes a second process wait for the write lock instead of failing at once.
  if (path !== ':memory:') raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  // Statements are prepared once per SQL text and reused: preparing costs as much as running a short
  // query (measured in bench:rest). all() and run() reset the statement, so a cached one holds no
  // read transaction between uses. An iterator stays open while it is read, so iterate() gets a
  // statement of its own. The cache is bounded: `in (?, ?, …)` lists make one text per list length.
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => raw.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) return cached;
      const statement = raw.prepare(sql);
      type Params = Parameters<typeof statement.all>;
      const names = statement.columns().map((column) => column.name);
      // node:sqlite makes each row a null-prototype object, which V8 keeps in slow dictionary mode.
      // Read as arrays and made into plain objects here, rows cost about a third less to build and
      // to read (get-meetings's queries, bench:rest); PostgreSQL rows are plain objects as well.
      // A `__proto__` column would become the prototype of a plain object: such rows stay native.
      const changesSchema = SCHEMA_CHANGE.test(sql);
      const asArrays = names.length > 0 && !names.includes('__proto__');
      if (asArrays) statement.setReturnArrays(true);
      const toObject = rowBuilder(asArrays ? names : []);
      const wrapped: SqliteStatement = {
        reader: names.length > 0,
        all: asArrays
          ? (parameters) => (statement.all(...(parameters as Params)) as unknown as unknown[][]).map(toObject)
          : (parameters) => statement.all(...(parameters as Params)),
        run: (parameters) => {
          const result = statement.run(...(parameters as Params));
          // Column names are read once per statement; after a schema change they are read again.
          if (changesSchema) statements.clear();
          return result;
        },
        iterate: (parameters) => {
          const own = raw.prepare(sql);
          if (!asArrays) return own.iterate(...(parameters as Params));
          own.setReturnArrays(true);
          return objects(own.iterate(...(parameters as Params)) as Iterable<unknown[]>, toObject);
        },
      };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statements.set(sql, wrapped);
      return wrapped;
    },
  };
}

/**
 * A function making a row object from an array of column values, generated per statement as one
 * object literal: every row then gets the same hidden class at once, where assigning the columns
 * one by one cost ~0.5 µs a row (51-row page: 21-32 µs vs 3-4 µs, measured here). Column names are
 * quoted with JSON.stringify, so any name is a plain property key (`__proto__` never gets here).
 */
function rowBuilder(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => Record<string, unknown>;
}

function* objects(rows: Iterable<unknown[]>, toObject: (values: unknown[]) => unknown) {
  for (const values of rows) yield toObject(values);
}

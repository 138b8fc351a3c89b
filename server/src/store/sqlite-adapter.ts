import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

// Kysely's SqliteDialect expects better-sqlite3's interface. Node 22's built-in node:sqlite has the
// same synchronous model, so a thin adapter is enough and no native addon has to be compiled.

export function openSqlite(path: string): SqliteDatabase {
  const raw = new DatabaseSync(path);
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite;
  // busy_timeout makes a second process wait for the write lock instead of failing at once.
  if (path !== ':memory:') raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  return {
    close: () => raw.close(),
    prepare(sql) {
      const statement = raw.prepare(sql);
      type Params = Parameters<typeof statement.all>;
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...(parameters as Params)),
        run: (parameters) => statement.run(...(parameters as Params)),
        iterate: (parameters) => statement.iterate(...(parameters as Params)),
      };
    },
  };
}

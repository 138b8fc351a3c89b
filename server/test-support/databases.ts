import { createPostgresDatabase } from '../src/in-process-server.js';

// The databases store tests run on: in-memory SQLite always, and PostgreSQL when PARLEY_TEST_PG_URL
// names a server (`eval "$(bash .ci/start-postgres.sh)"` starts a throwaway one). Each PostgreSQL
// test gets a database of its own, created here and dropped by the returned cleanup.

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database: its URL and how to drop it. */
  create(): Promise<{ url: string; drop(): Promise<void> }>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  create: async () => ({ url: 'sqlite::memory:', drop: async () => {} }),
};

function postgres(serverUrl: string): TestDatabase {
  return { name: 'postgres', create: () => createPostgresDatabase(serverUrl) };
}

export const testDatabases: TestDatabase[] = [
  sqlite,
  ...(process.env.PARLEY_TEST_PG_URL ? [postgres(process.env.PARLEY_TEST_PG_URL)] : []),
];

/**
 * The database a test server uses when its test names none: in-memory SQLite, or a fresh
 * PostgreSQL database for every server when PARLEY_TEST_SERVERS_ON_PG=1 (with PARLEY_TEST_PG_URL),
 * which runs every route test on PostgreSQL (`npm run test:pg -w server`).
 */
export function defaultTestDatabase(): TestDatabase {
  if (process.env.PARLEY_TEST_SERVERS_ON_PG !== '1') return sqlite;
  const pgUrl = process.env.PARLEY_TEST_PG_URL;
  if (!pgUrl)
    throw new Error(
      'PARLEY_TEST_SERVERS_ON_PG=1 needs PARLEY_TEST_PG_URL (eval "$(bash .ci/start-postgres.sh)")',
    );
  return postgres(pgUrl);
}

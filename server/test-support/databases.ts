import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
  return {
    name: 'postgres',
    async create() {
      const name = `parley_t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: serverUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
        },
      };
    },
  };
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

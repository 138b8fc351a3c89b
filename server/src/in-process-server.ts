import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { type BuiltServer, buildServer, type ServerOverrides } from './build-server.js';
import { loadConfig } from './core/config.js';
import { type IdGenerator, sequentialIds } from './core/ids.js';

// A real server in this process on 127.0.0.1, port 0, over a fresh database (in-memory SQLite
// unless a URL is given), with users seeded through the account service: the conformance kit's
// reference server (a product feature: `parley-conformance` with no --base-url) and, wrapped with
// HTTP helpers, the tests' server (server/test-support/test-server.ts). Built by buildServer as
// main.ts builds its server; what a caller replaces is named in the options.

export interface SeededUser {
  userId: string;
  accountId: string;
  email: string;
  /** The user's one API key. */
  key: string;
}

export interface InProcessServer {
  url: string;
  /** `ws://` form of `url`, for WS /v1/stt/stream. */
  wsUrl: string;
  /** PARLEY_ADMIN_TOKEN of this server (the emulator routes). */
  adminToken: string;
  built: BuiltServer;
  /** A user in an account of their own, with one API key. */
  user(name: string): Promise<SeededUser>;
  /** Closes the server and its connections, then removes its data directory. */
  close(): Promise<void>;
}

export interface InProcessOptions extends Omit<ServerOverrides, 'ids'> {
  /** `sqlite::memory:` when absent. */
  databaseUrl?: string | undefined;
  /** Ids of new records; sequential by default (two servers on one database need distinct ones). */
  ids?: IdGenerator;
  /** PARLEY_* settings over the defaults (silent logs, random admin token and file secret). */
  env?: Record<string, string>;
}

export async function startInProcessServer(options: InProcessOptions = {}): Promise<InProcessServer> {
  const { databaseUrl, ids, env, ...overrides } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-in-process-'));
  const config = loadConfig({
    PARLEY_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? 'sqlite::memory:',
    LOG_LEVEL: 'silent',
    PARLEY_ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    PARLEY_FILES_SECRET: randomBytes(24).toString('base64url'),
    ...env,
  });
  const built = await buildServer(config, {
    ids: ids ?? sequentialIds(),
    logger: pino({ level: 'silent' }),
    // Many servers in one process (a test run) would repeat Node's process metrics.
    processMetrics: false,
    ...overrides,
  });
  const url = await built.listen(0, '127.0.0.1');
  let userCount = 0;
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    adminToken: config.adminToken ?? '',
    built,
    async user(name) {
      const email = `${name.toLowerCase()}.${++userCount}@example.com`;
      const { user, account } = await built.services.accounts.createUser({ email, name });
      const { secret } = await built.services.accounts.issueKey(user.id, 'test');
      return { userId: user.id, accountId: account.id, email, key: secret };
    },
    async close() {
      built.http.closeAllConnections();
      await built.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database on the PostgreSQL server `serverUrl`: its URL and how to drop it. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
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
}

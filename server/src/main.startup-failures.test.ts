import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cannotRunAs, NOBODY, skipReason } from '@parley/test-browser/child-process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type FailedStart, SERVER_DIR, spawnFailingServer } from '../test-support/spawned-server.js';
import { createPostgresDatabase } from './in-process-server.js';

// Every way the start can fail on a setting ends in one sentence naming that setting, exit code 2,
// no stack trace (core/startup-failure.ts). The PostgreSQL cases run when PARLEY_TEST_PG_URL names a
// server (`eval "$(bash .ci/start-postgres.sh)"`), as the store tests do.

const PG_URL = process.env.PARLEY_TEST_PG_URL;
const scratch = mkdtempSync(join(tmpdir(), 'parley-start-'));
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => join(scratch, `data-${++dirs}`);

/** The one line a failed start printed, after checking that it was one line and the exit code 2. */
function sentence(failed: FailedStart): string {
  expect(failed.stderr).not.toMatch(/^\s+at /m);
  const lines = failed.stderr.trim().split('\n');
  expect(lines, failed.stderr).toHaveLength(1);
  expect(failed.code).toBe(2);
  return lines[0] ?? '';
}

const start = (env: Record<string, string>, options: { uid?: number; dir?: string } = {}) =>
  spawnFailingServer(options.dir ?? dataDir(), {
    env,
    ...(options.uid === undefined ? {} : { uid: options.uid }),
  }).then(sentence);

describe('a start-up failure on SQLite', () => {
  it('PORT in use', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      expect(await start({ PORT: String(port) })).toBe(
        `PORT ${port} is already in use on 127.0.0.1: stop what listens there, or set PORT to another port (0 picks a free one).`,
      );
    } finally {
      taken.close();
    }
  }, 60_000);

  it('HOST that no interface of this machine has, or that does not resolve', async () => {
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): never a local address.
    expect(await start({ HOST: '192.0.2.1' })).toMatch(
      /^HOST 192\.0\.2\.1 cannot be listened on \(listen EADDRNOTAVAIL[^)]*\): set HOST to an address of this machine/,
    );
    expect(await start({ HOST: 'no-such-host.invalid' })).toMatch(
      /^HOST no-such-host\.invalid cannot be listened on \(getaddrinfo ENOTFOUND no-such-host\.invalid\)/,
    );
  }, 60_000);

  it('PARLEY_DATA_DIR that cannot be created', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    expect(await start({}, { dir: join(file, 'data') })).toBe(
      `PARLEY_DATA_DIR ${file}/data cannot be created (ENOTDIR: not a directory, mkdir '${file}/data'): set PARLEY_DATA_DIR to a directory this user may create or write.`,
    );
  }, 60_000);

  // Root writes anywhere: then the server runs as nobody, who must be able to reach this Node, the
  // repository and the scratch folder (a private folder above any of them stops it: then skipped).
  const asRoot = process.getuid?.() === 0;
  const nobodyCannot = asRoot ? cannotRunAs(NOBODY, [join(SERVER_DIR, 'src/main.ts'), scratch]) : undefined;
  it.skipIf(nobodyCannot)(
    `PARLEY_DATA_DIR that cannot be written${skipReason(nobodyCannot)}`,
    async () => {
      const dir = dataDir();
      mkdirSync(dir, { mode: 0o555 });
      expect(await start({}, { dir, ...(asRoot ? { uid: NOBODY } : {}) })).toMatch(
        new RegExp(
          `^PARLEY_DATA_DIR ${dir} is not writable \\(EACCES: permission denied[^)]*\\): set PARLEY_DATA_DIR`,
        ),
      );
    },
    60_000,
  );

  it('DATABASE_URL naming a file that is not a SQLite database', async () => {
    const file = join(scratch, 'not-a-database.sqlite');
    writeFileSync(file, 'x'.repeat(4096));
    expect(await start({ DATABASE_URL: `sqlite:${file}` })).toBe(
      `DATABASE_URL (SQLite ${file}) could not be opened and migrated: file is not a database; fix the database or set DATABASE_URL to another.`,
    );
  }, 60_000);

  it('FFMPEG_PATH naming no executable', async () => {
    expect(await start({ FFMPEG_PATH: join(scratch, 'no-ffmpeg') })).toMatch(
      /^FFMPEG_PATH \S+no-ffmpeg is not an executable ffmpeg \(ENOENT[^)]*\): install ffmpeg there, or unset FFMPEG_PATH/,
    );
  }, 60_000);
});

describe('a start-up failure on PostgreSQL', () => {
  it('DATABASE_URL that cannot be reached, its password not shown', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const line = await start({ DATABASE_URL: `postgres://parley:s3cret-pw@127.0.0.1:${port}/parley` });
    expect(line).toBe(
      `DATABASE_URL (PostgreSQL at 127.0.0.1:${port}, database parley) cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}; fix the database or set DATABASE_URL to another.`,
    );
    expect(line).not.toContain('s3cret-pw');
  }, 60_000);

  it('DATABASE_URL at a host that accepts and never speaks: the start ends within the connect timeout', async () => {
    // Connections are accepted and held open, and nothing is ever sent: a wedged server or a
    // firewall that swallows packets after the handshake.
    const held = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      held.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const line = await start({
        DATABASE_URL: `postgres://parley@127.0.0.1:${port}/parley`,
        PARLEY_DB_CONNECT_TIMEOUT_MS: '1500',
      });
      expect(line).toBe(
        `DATABASE_URL (PostgreSQL at 127.0.0.1:${port}, database parley) did not answer within 1500 ms (PARLEY_DB_CONNECT_TIMEOUT_MS): fix the database, set DATABASE_URL to another, or raise PARLEY_DB_CONNECT_TIMEOUT_MS.`,
      );
      expect(held.size).toBeGreaterThan(0);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  }, 60_000);

  it.runIf(PG_URL)(
    'DATABASE_URL naming a database the server does not have: its own words',
    async () => {
      const url = new URL(PG_URL ?? '');
      url.pathname = '/parley_no_such_database';
      expect(await start({ DATABASE_URL: url.toString() })).toBe(
        `DATABASE_URL (PostgreSQL at ${url.hostname}:${url.port || 5432}, database parley_no_such_database) could not be opened and migrated: database "parley_no_such_database" does not exist; fix the database or set DATABASE_URL to another.`,
      );
    },
    60_000,
  );

  it.runIf(PG_URL)(
    'DATABASE_URL whose database cannot be migrated: the migration and its error',
    async () => {
      const database = await createPostgresDatabase(PG_URL ?? '');
      try {
        // A table of the first migration already there, made by something else.
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query('CREATE TABLE accounts (other text)');
        await client.end();
        expect(await start({ DATABASE_URL: database.url })).toMatch(
          /^DATABASE_URL \(PostgreSQL at [^)]+\) could not be opened and migrated: migration 0001-initial: relation "accounts" already exists; fix the database/,
        );
      } finally {
        await database.drop();
      }
    },
    60_000,
  );
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import {
  accessWorks,
  exchangeFields,
  freshCode,
  inParallel,
  type RaceTarget,
  raceClient,
} from '../../test-support/oauth-race.js';
import { type SpawnedServer, spawnServer } from '../../test-support/spawned-server.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../../test-support/test-server.js';

// Replay detection under races (RFC 9700 §4.5, §4.14.2): six parallel exchanges of one code leave
// no token of the grant valid; six parallel refreshes of one refresh token either all get the same
// new pair (inside the grace window) or, with no grace, leave no usable pair. On each database in
// one process, and on PostgreSQL with two server processes answering in turn.

const ROUNDS = 8;
const PARALLEL = 6;

/** Parallel exchanges of one code, then every token any of them got must be dead. */
async function codeReplayRounds(target: RaceTarget): Promise<number> {
  const client = await raceClient(target);
  let survivors = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const code = await freshCode(target, client);
    const replies = await inParallel(target, client, PARALLEL, exchangeFields(client, code));
    for (const reply of replies.filter((r) => r.status === 200)) {
      if (await accessWorks(target, reply.body.access_token)) survivors++;
      const refresh = await inParallel(target, client, 1, {
        grant_type: 'refresh_token',
        refresh_token: String(reply.body.refresh_token),
      });
      if (refresh[0]?.status === 200) survivors++;
    }
  }
  return survivors;
}

async function connectOnce(target: RaceTarget, client: Awaited<ReturnType<typeof raceClient>>) {
  const code = await freshCode(target, client);
  const [reply] = await inParallel(target, client, 1, exchangeFields(client, code));
  if (reply?.status !== 200) throw new Error(`exchange: ${JSON.stringify(reply?.body)}`);
  return String(reply.body.refresh_token);
}

/** With no grace window: parallel refreshes of one token, then no pair they got may work. */
async function refreshReuseRounds(target: RaceTarget): Promise<number> {
  const client = await raceClient(target);
  let usable = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const refresh = await connectOnce(target, client);
    const replies = await inParallel(target, client, PARALLEL, {
      grant_type: 'refresh_token',
      refresh_token: refresh,
    });
    for (const reply of replies.filter((r) => r.status === 200)) {
      if (await accessWorks(target, reply.body.access_token)) usable++;
    }
  }
  return usable;
}

/** Inside the grace window: parallel refreshes all get one and the same working pair. */
async function graceRounds(target: RaceTarget): Promise<{ pairs: Set<string>; statuses: number[] }> {
  const client = await raceClient(target);
  const pairs = new Set<string>();
  const statuses: number[] = [];
  for (let round = 0; round < ROUNDS / 2; round++) {
    const refresh = await connectOnce(target, client);
    const replies = await inParallel(target, client, PARALLEL, {
      grant_type: 'refresh_token',
      refresh_token: refresh,
    });
    statuses.push(...replies.map((r) => r.status));
    const issued = new Set(replies.map((r) => `${r.body.access_token} ${r.body.refresh_token}`));
    expect(issued.size).toBe(1);
    const access = replies[0]?.body.access_token;
    expect(await accessWorks(target, access)).toBe(true);
    pairs.add([...issued][0] ?? '');
  }
  return { pairs, statuses };
}

describe.each(testDatabases)('token races on $name, one process', (database) => {
  it('closes the grace window once the new pair is used: the old refresh token is then reuse', async () => {
    const db = await database.create();
    const server = await startTestServer({ databaseUrl: db.url });
    try {
      const target = { urls: [server.url], adminToken: TEST_ADMIN_TOKEN };
      const client = await raceClient(target);
      const refresh = await connectOnce(target, client);
      const fields = { grant_type: 'refresh_token', refresh_token: refresh };
      const [first] = await inParallel(target, client, 1, fields);
      const [again] = await inParallel(target, client, 1, fields);
      expect(again?.body.access_token).toBe(first?.body.access_token);
      expect(await accessWorks(target, first?.body.access_token)).toBe(true);
      const [reuse] = await inParallel(target, client, 1, fields);
      expect(reuse?.body.error).toBe('invalid_grant');
      expect(await accessWorks(target, first?.body.access_token)).toBe(false);
    } finally {
      await server.close();
      await db.drop();
    }
  }, 120_000);

  it('leaves no token of a replayed code and no pair of a reused refresh token', async () => {
    const db = await database.create();
    const strict = await startTestServer({
      databaseUrl: db.url,
      env: { PARLEY_OAUTH_REFRESH_GRACE_SECONDS: '0' },
    });
    try {
      const target = { urls: [strict.url], adminToken: TEST_ADMIN_TOKEN };
      expect(await codeReplayRounds(target)).toBe(0);
      expect(await refreshReuseRounds(target)).toBe(0);
    } finally {
      await strict.close();
      await db.drop();
    }
  }, 240_000);

  it('gives parallel refreshes inside the grace window the same pair', async () => {
    const db = await database.create();
    const server = await startTestServer({ databaseUrl: db.url });
    try {
      const { statuses } = await graceRounds({ urls: [server.url], adminToken: TEST_ADMIN_TOKEN });
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      await server.close();
      await db.drop();
    }
  }, 240_000);
});

const postgres = testDatabases.find((d) => d.name === 'postgres');

describe.skipIf(!postgres)('token races on PostgreSQL, two processes', () => {
  const started: SpawnedServer[] = [];
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    for (const drop of drops) await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Two processes on one fresh database sharing one data directory (credentials, files). */
  async function pair(grace: string): Promise<RaceTarget> {
    const db = await (postgres ?? testDatabases[0])?.create();
    if (!db) throw new Error('no database');
    drops.push(db.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-race-'));
    dirs.push(dataDir);
    const env = { DATABASE_URL: db.url, PARLEY_OAUTH_REFRESH_GRACE_SECONDS: grace };
    const first = await spawnServer(dataDir, { env });
    started.push(first);
    const second = await spawnServer(dataDir, { env });
    started.push(second);
    return { urls: [first.url, second.url], adminToken: first.adminToken };
  }

  it('leaves no token of a replayed code and no pair of a reused refresh token', async () => {
    const target = await pair('0');
    expect(await codeReplayRounds(target)).toBe(0);
    expect(await refreshReuseRounds(target)).toBe(0);
  }, 300_000);

  it('gives parallel refreshes inside the grace window the same pair', async () => {
    const target = await pair('60');
    const { statuses } = await graceRounds(target);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 300_000);
});

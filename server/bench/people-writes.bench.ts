// What keeping viewer_people costs the writers (store/README.md, "Reads bounded by the page"):
// in-process, through the store, on a SQLite file and on PostgreSQL (when PARLEY_TEST_PG_URL names
// a server). Times create-meeting's transaction for a small meeting (the host, two registered users
// and an invitee by address), sequentially, and one meeting whose every member is registered, the
// case where a meeting of n members writes n² rows. Asserts nothing.
// `npm run bench:people-writes -w server [-- --meetings 1000 --members 1000]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../src/core/clock.js';
import { sequentialIds } from '../src/core/ids.js';
import { createPostgresDatabase } from '../src/in-process-server.js';
import type { UserRow } from '../src/store/accounts.store.js';
import { openStore } from '../src/store/store.js';
import { meetingInput } from '../test-support/test-store.js';
import { numberOption, percentile } from './bench-kit.js';

const MEETINGS = numberOption('meetings', 1000);
const MEMBERS = numberOption('members', 1000);
const WARM_UP = 200;

async function bench(name: string, url: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-people-writes-'));
  const store = await openStore({ databaseUrl: url, dataDir, clock: systemClock, ids: sequentialIds() });
  try {
    const account = await store.accounts.createAccount('a');
    const users: UserRow[] = [];
    for (let i = 0; i < MEMBERS; i++)
      users.push(
        await store.accounts.createUser({ accountId: account.id, email: `u${i}@x.io`, name: `U ${i}` }),
      );
    const user = (i: number) => users[i % Math.min(50, users.length)] as UserRow;
    const small = (k: number) =>
      store.transaction((repos) =>
        repos.meetings.insert(
          meetingInput(user(k).id, [user(k).id, user(k + 1).id, user(k + 2).id, `em:g${k}@y.io`]),
        ),
      );
    for (let k = 0; k < WARM_UP; k++) await small(k);
    const ms: number[] = [];
    for (let k = 0; k < MEETINGS; k++) {
      const start = performance.now();
      await small(k);
      ms.push(performance.now() - start);
    }
    const start = performance.now();
    await store.transaction((repos) =>
      repos.meetings.insert(
        meetingInput(
          user(0).id,
          users.map((u) => u.id),
        ),
      ),
    );
    const big = performance.now() - start;
    const [count] = await store.db
      .selectFrom('viewer_people')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    console.log(
      `${name}: create-meeting (host + 2 users + 1 address) p50 ${percentile(ms, 50)?.toFixed(2)} ms, p95 ${percentile(ms, 95)?.toFixed(2)} ms; one meeting of ${MEMBERS} registered users ${big.toFixed(0)} ms; viewer_people rows ${count?.n ?? 0}; load ${loadavg()[0]?.toFixed(2)}`,
    );
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:people-writes ${new Date().toISOString()}, load average ${loadavg()[0]?.toFixed(2)}`);
const dir = mkdtempSync(join(tmpdir(), 'parley-people-writes-db-'));
try {
  await bench('sqlite', `sqlite:${join(dir, 'bench.sqlite')}`);
  const pgUrl = process.env.PARLEY_TEST_PG_URL;
  if (pgUrl) {
    const database = await createPostgresDatabase(pgUrl);
    try {
      await bench('postgres', database.url);
    } finally {
      await database.drop();
    }
  } else console.log('postgres: skipped, PARLEY_TEST_PG_URL is unset (eval "$(bash .ci/start-postgres.sh)")');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

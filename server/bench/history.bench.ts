// What one user's history costs the routes that list it: the user's ended meetings (each with chat,
// a summary, a contact, a live chunk and an utterance; test-support/history-seed.ts) grow through
// 100, 1,000, 10,000 and 100,000 (a server and database per size, all in this process), and every
// listing and trigger route is called sequentially over HTTP, a fixed number of times per size
// after a warm-up, on SQLite (a file) and on PostgreSQL (when PARLEY_TEST_PG_URL names a server).
// Printed: p50/p95 per route and size, and the ratio of the p50 at the largest size to the p50 at
// the smallest. Asserts nothing. `npm run bench:history -w server` (knobs: --sizes
// 100,1000,10000,100000 --calls 100 --dialects sqlite,postgres).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../src/in-process-server.js';
import { HISTORY_STAMP_STEP, seedHistory } from '../test-support/history-seed.js';
import { bearer, connect, setPassword, startPartnerServer } from '../test-support/partner-oauth.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { option, percentile } from './bench-kit.js';

const SIZES = option('sizes', '100,1000,10000,100000').split(',').map(Number);
const CALLS = Number(option('calls', '100'));
const WARM_UP = 5;
const DIALECTS = option('dialects', 'sqlite,postgres').split(',');

/** The user with the history; `middle` and `person` are cursors halfway through meetings and people. */
type Reader = TestUser & { access: string; newest: string; middle: string; person: string };
type Call = (server: TestServer, reader: Reader) => Promise<{ status: number }>;
type Route = [name: string, call: Call];

const since = '1970-01-01T00:00:00Z';
const ROUTES: Route[] = [
  ['get-meetings', (s, u) => s.call('get-meetings', u.key, {})],
  [
    'get-meetings (cursor mid-history)',
    (s, u) => s.call('get-meetings', u.key, { last_updated_at: u.middle }),
  ],
  ['get-meeting-messages', (s, u) => s.call('get-meeting-messages', u.key, { meeting_id: u.newest })],
  [
    'get-live-transcription-chunks',
    (s, u) =>
      s.call('get-live-transcription-chunks', u.key, { meeting_id: u.newest, last_updated_at: since }),
  ],
  [
    'get-transcript-utterances',
    (s, u) => s.call('get-transcript-utterances', u.key, { meeting_id: u.newest, last_updated_at: since }),
  ],
  ['get-my-people', (s, u) => s.call('get-my-people', u.key, {})],
  ['get-my-people (cursor mid-history)', (s, u) => s.call('get-my-people', u.key, { cursor: u.person })],
  ...['meeting-ended', 'summary-ready', 'contact-discovered', 'followup-email-ready'].map(
    (trigger): Route => [
      `trigger ${trigger}`,
      (s, u) => s.get(`/api/partner/triggers/${trigger}`, bearer(u.access)),
    ],
  ),
  ['partner meeting details', (s, u) => s.get(`/api/partner/meetings/${u.newest}`, bearer(u.access))],
];

interface Timing {
  p50: number;
  p95: number;
}

/** A server whose one user has `size` meetings. */
interface Sized {
  size: number;
  server: TestServer;
  reader: Reader;
  drop(): Promise<void>;
}

async function sizedServer(size: number, database: { url: string; drop(): Promise<void> }): Promise<Sized> {
  const server = await startPartnerServer({
    databaseUrl: database.url,
    env: { PARLEY_PARTNER_RATE_LIMIT: '1000000', LOG_LEVEL: 'silent' },
  });
  const user = await server.user('history');
  await setPassword(server, user);
  const { access } = await connect(server, user, 'meetings:read');
  const base = (Date.now() - 86_400_000) * 1000;
  const started = performance.now();
  const history = await seedHistory(server.store, user, { from: 0, to: size, base });
  const seedS = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`  ${size} meetings seeded in ${seedS} s (load ${loadavg()[0]?.toFixed(2)})`);
  const middle = new Date((base + (size / 2) * HISTORY_STAMP_STEP) / 1000).toISOString();
  return {
    size,
    server,
    // Each seeded meeting has a guest of its own, named `Guest <i>`.
    reader: {
      ...user,
      access,
      newest: history.newestMeetingId,
      middle,
      person: `Guest ${size / 2}:guest${size / 2}@history.example`,
    },
    async drop() {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * The calls go round the sizes one at a time (100, 1,000, ..., 100, ...), so the machine's load,
 * which other work moves, weighs on every size alike and the ratio compares like with like.
 */
async function timeRoute(sized: Sized[], [route, call]: Route): Promise<Timing[]> {
  for (const { server, reader } of sized) for (let i = 0; i < WARM_UP; i++) await call(server, reader);
  const ms = sized.map((): number[] => []);
  for (let i = 0; i < CALLS; i++) {
    for (const [k, { server, reader }] of sized.entries()) {
      const start = performance.now();
      const reply = await call(server, reader);
      ms[k]?.push(performance.now() - start);
      if (reply.status !== 200)
        throw new Error(`${route} at ${sized[k]?.size} meetings answered ${reply.status}`);
    }
  }
  return ms.map((values) => ({
    p50: percentile(values, 50) ?? Number.NaN,
    p95: percentile(values, 95) ?? Number.NaN,
  }));
}

async function benchDialect(
  name: string,
  newDatabase: () => Promise<{ url: string; drop(): Promise<void> }>,
) {
  console.log(`${name}:`);
  const sized: Sized[] = [];
  try {
    for (const size of SIZES) sized.push(await sizedServer(size, await newDatabase()));
    const results = new Map<string, Timing[]>();
    for (const route of ROUTES) results.set(`${route[0]} (${CALLS} calls)`, await timeRoute(sized, route));
    printTable(name, results);
  } finally {
    for (const one of sized) await one.drop();
  }
}

function printTable(name: string, results: Map<string, Timing[]>): void {
  const cell = (t: Timing | undefined) => (t ? `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}` : '');
  console.log(`\n${name}: sequential p50 / p95 in ms, by meetings in the history`);
  console.log(`| route | ${SIZES.map((s) => s.toLocaleString('en')).join(' | ')} | p50 ratio |`);
  console.log(`|---|${SIZES.map(() => '---').join('|')}|---|`);
  for (const [route, timings] of results) {
    const first = timings[0]?.p50 ?? Number.NaN;
    const last = timings[timings.length - 1]?.p50 ?? Number.NaN;
    console.log(`| ${route} | ${timings.map(cell).join(' | ')} | ${(last / first).toFixed(2)} |`);
  }
  console.log('');
}

const load0 = loadavg();
console.log(
  `bench:history ${new Date().toISOString()}, load average ${load0.map((l) => l.toFixed(2)).join(' ')}`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'parley-history-bench-'));
try {
  let files = 0;
  if (DIALECTS.includes('sqlite'))
    await benchDialect('sqlite', async () => ({
      url: `sqlite:${join(dataDir, `bench-${files++}.sqlite`)}`,
      drop: async () => {},
    }));
  const pgUrl = process.env.PARLEY_TEST_PG_URL;
  if (!DIALECTS.includes('postgres')) console.log('postgres: not asked for (--dialects)');
  else if (pgUrl) await benchDialect('postgres', () => createPostgresDatabase(pgUrl));
  else console.log('postgres: skipped, PARLEY_TEST_PG_URL is unset (eval "$(bash .ci/start-postgres.sh)")');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { HISTORY_STAMP_STEP, seedHistory } from '../../test-support/history-seed.js';
import { bearer, connect, setPassword, startPartnerServer } from '../../test-support/partner-oauth.js';
import { capturedSelects, planProblems, tablesOf } from '../../test-support/query-plans.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

// Every listing and trigger route reads a page of the caller's history, never the whole of it: the
// statements a route runs, captured while it serves a user with a long history, are planned by the
// database itself, and none may scan a user-scoped table in full or sort the user's rows (a temp
// B-tree in SQLite, a Sort node in PostgreSQL). The history is large enough, and on PostgreSQL
// analyzed, for the planner to choose as it would in production; timings are bench:history's.

/**
 * Meetings in the history. PostgreSQL rightly reads a small table whole rather than probe its index
 * a page's worth of times; from about 20,000 meetings on it probes, as it would in production.
 */
const HISTORY = { sqlite: 3000, postgres: 30_000 };

interface RouteCase {
  name: string;
  /** A table the route's own read must touch (so a capture that missed it cannot pass). */
  reads: string;
  request(server: TestServer, user: Reader): Promise<{ status: number }>;
}

/**
 * The user with the history: an access token, the newest meeting, a cursor halfway through the
 * meetings and one halfway through the people (each seeded meeting has a guest of its own).
 */
type Reader = TestUser & { access: string; newest: string; middle: string; person: string };

const since = '1970-01-01T00:00:00Z';
const ROUTES: RouteCase[] = [
  { name: 'get-meetings', reads: 'meeting_viewers', request: (s, u) => s.call('get-meetings', u.key, {}) },
  {
    name: 'get-meetings, a later page',
    reads: 'meeting_viewers',
    request: (s, u) => s.call('get-meetings', u.key, { last_updated_at: u.middle, limit: 20 }),
  },
  {
    name: 'get-meeting-messages',
    reads: 'messages',
    request: (s, u) => s.call('get-meeting-messages', u.key, { meeting_id: u.newest }),
  },
  {
    name: 'get-live-transcription-chunks',
    reads: 'transcription_chunks',
    request: (s, u) =>
      s.call('get-live-transcription-chunks', u.key, { meeting_id: u.newest, last_updated_at: since }),
  },
  {
    name: 'get-transcript-utterances',
    reads: 'transcript_utterances',
    request: (s, u) =>
      s.call('get-transcript-utterances', u.key, { meeting_id: u.newest, last_updated_at: since }),
  },
  ...['meeting-ended', 'summary-ready', 'contact-discovered', 'followup-email-ready'].map((trigger) => ({
    name: `partner trigger ${trigger}`,
    reads: trigger === 'meeting-ended' ? 'meeting_viewers' : 'viewer_feed',
    request: (s: TestServer, u: Reader) => s.get(`/api/partner/triggers/${trigger}`, bearer(u.access)),
  })),
  { name: 'get-my-people', reads: 'viewer_people', request: (s, u) => s.call('get-my-people', u.key, {}) },
  {
    name: 'get-my-people, a later page',
    reads: 'viewer_people',
    request: (s, u) => s.call('get-my-people', u.key, { cursor: u.person, limit: 20 }),
  },
  {
    name: 'partner meeting details',
    reads: 'messages',
    request: (s, u) => s.get(`/api/partner/meetings/${u.newest}`, bearer(u.access)),
  },
];

if (process.env.PARLEY_TEST_PG_URL === undefined) {
  describe('reads bounded by the page on postgres', () => {
    it.skip('skipped: PARLEY_TEST_PG_URL is unset (eval "$(bash .ci/start-postgres.sh)")', () => {});
  });
}

describe.each(testDatabases)('reads bounded by the page on $name', (database) => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let reader: Reader;

  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    server = await startPartnerServer({ databaseUrl: created.url });
    const user = await server.user('reader');
    await setPassword(server, user);
    const { access } = await connect(server, user, 'meetings:read');
    const base = (Date.now() - 86_400_000) * 1000;
    const history = HISTORY[database.name];
    const seeded = await seedHistory(server.store, user, { from: 0, to: history, base });
    const middle = new Date((base + (history / 2) * HISTORY_STAMP_STEP) / 1000).toISOString();
    const person = `Guest ${history / 2}:guest${history / 2}@history.example`;
    reader = { ...user, access, newest: seeded.newestMeetingId, middle, person };
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it.each(ROUTES)('$name plans no full scan and no sort of the history', (route) => expectBounded(route));

  async function expectBounded(route: RouteCase) {
    let status = 0;
    const selects = await capturedSelects(server.store, async () => {
      status = (await route.request(server, reader)).status;
    });
    expect(status).toBe(200);
    expect(selects.flatMap(tablesOf)).toContain(route.reads);
    const problems: string[] = [];
    for (const query of selects) {
      for (const problem of await planProblems(server.store, query))
        problems.push(`${problem}\n    in ${query.sql}`);
    }
    expect(problems).toEqual([]);
  }
});

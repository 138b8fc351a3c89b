import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { type RouteSpec, restRoutes, speechRoutes } from '../core/contracts.js';
import { WIPE_ORDER } from '../store/store.js';

// Whatever arrives as a body, the routes answer with a 4xx and change nothing: no 5xx, no rows.
// 2,000 random bodies spread over every JSON route of the catalog.

// Every route that takes a JSON body: the meeting REST routes and the JSON speech routes.
const catalog: readonly RouteSpec[] = [...restRoutes, ...speechRoutes];
const ROUTES = catalog.filter((route) => route.request !== undefined);

const notJson = fc.string({ minLength: 1 }).filter((text) => {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});
const nonObject = fc
  .oneof(
    fc.integer(),
    fc.double(),
    fc.string(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
  )
  .map((value) => JSON.stringify(value));
// Every request schema forbids unknown top-level fields, so one is enough to make any object invalid.
const unknownField = fc
  .tuple(
    fc.dictionary(
      fc.constantFrom('meeting_id', 'title', 'participant_ids', 'user_ids', 'limit', 'message_id'),
      fc.jsonValue(),
      {
        maxKeys: 3,
      },
    ),
    fc.string({ minLength: 1, maxLength: 8 }),
    fc.jsonValue(),
  )
  .map(([known, key, value]) => JSON.stringify({ ...known, [`zz_${key}`]: value }));

let server: TestServer;
let user: TestUser;
let meetingId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await server.user('Fuzz');
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {});
  meetingId = created.body.meeting.id;
  await server.call('send-meeting-message', user.key, {
    meeting_message: { meeting_id: meetingId, text: 'keep' },
  });
});
afterAll(() => server.close());

async function snapshot(): Promise<string> {
  // Every table of the database: nothing at all may change.
  const parts = await Promise.all(
    WIPE_ORDER.map(async (table) => {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        server.store.db,
      );
      return JSON.stringify(rows.rows.map((row) => ({ ...row })));
    }),
  );
  return parts.join('\n');
}

describe('malformed bodies', () => {
  it('never give a 5xx and never change state', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(notJson, nonObject, unknownField),
        async (route, body) => {
          // Query-key routes (stt) take the key in the URL, the others in the header.
          const path = route.auth === 'query-key' ? `${route.path}?api_key=${user.key}` : route.path;
          const reply = await server.post(path, body, {
            'X-API-Key': user.key,
            'content-type': 'application/json',
          });
          expect(reply.status, `${route.name} ${body}`).toBeGreaterThanOrEqual(400);
          expect(reply.status, `${route.name} ${body}`).toBeLessThan(500);
          expect(reply.body).toBeTypeOf('object');
        },
      ),
      { numRuns: 2000 },
    );
    expect(await snapshot()).toBe(before);
  }, 120_000);
});

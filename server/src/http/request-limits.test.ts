import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

// The request schemas' maxItems/maxLength (schemas/README.md "Request limits") on real routes: over
// a limit is a 422 that stores nothing; a list at its limit is written whole on either database.

describe.each(testDatabases)('request limits on $name', (database) => {
  let server: TestServer;
  let ana: TestUser;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await database.create();
    drop = db.drop;
    server = await startTestServer({ databaseUrl: db.url });
    ana = await server.user('ana');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await drop();
  });

  const meetings = async () =>
    ((await server.call('get-meetings', ana.key, {})).body as { meetings: unknown[] }).meetings.length;

  it('20,000 participant ids and a 900 kB title are 422, and nothing is stored', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `usr_${i}`);
    const crowd = await server.call('create-meeting', ana.key, { title: 'Crowd', participant_ids: many });
    expect(crowd.status).toBe(422);
    const long = await server.call('create-meeting', ana.key, { title: 'x'.repeat(900_000) });
    expect(long.status).toBe(422);
    expect(await meetings()).toBe(0);
    const meeting = (await server.call('create-meeting', ana.key, { title: 'Small' })).body as {
      meeting: { id: string };
    };
    const added = await server.call('add-meeting-participants', ana.key, {
      meeting_id: meeting.meeting.id,
      participant_ids: many,
    });
    expect(added.status).toBe(422);
  });

  it('a meeting with participants at the limit is created with all of them', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `em:guest${i}@example.com`);
    const created = await server.call('create-meeting', ana.key, {
      title: 'All hands',
      participant_ids: ids,
    });
    expect(created.status).toBe(200);
    const meeting = (created.body as { meeting: { id: string; participant_ids: string[] } }).meeting;
    expect(meeting.participant_ids).toEqual(expect.arrayContaining(ids));
    const added = await server.call('add-meeting-participants', ana.key, {
      meeting_id: meeting.id,
      participant_ids: Array.from({ length: 1000 }, (_, i) => `em:late${i}@example.com`),
    });
    expect(added.status).toBe(200);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../../../test-support/history-seed.js';
import {
  expectSchema,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test-support/test-server.js';
import { Limits } from '../../core/contracts.js';

interface Person {
  email: string;
  user?: { id: string; name: string; email: string };
  guest_profile?: { name: string; email: string };
}
interface PeoplePage {
  people: Person[];
  has_more: boolean;
}

let server: TestServer;
let me: TestUser;
let zoe: TestUser;
let angel: TestUser;
let colon: TestUser;
let stranger: TestUser;

const contact = (owner: string, name: string, email: string, meetingId: string | null = null) =>
  server.store.contacts.upsert({
    owner_user_id: owner,
    meeting_id: meetingId,
    name,
    email,
    company_name: null,
    company_position: null,
    social_profile_id: null,
  });
/** A user whose name is not usable in a generated e-mail address. */
async function named(name: string, email: string): Promise<TestUser> {
  const { user, account } = await server.services.accounts.createUser({ email, name });
  const { secret } = await server.services.accounts.issueKey(user.id, 'test');
  return { userId: user.id, accountId: account.id, email, key: secret };
}
const people = (key: string, body?: unknown) => server.call<PeoplePage>('get-my-people', key, body);

beforeAll(async () => {
  server = await startTestServer();
  me = await server.user('Me');
  zoe = await server.user('Zoe');
  angel = await named('Ángel', 'angel@example.com');
  colon = await named('Ann: the second', 'ann@example.com');
  stranger = await server.user('Stranger');
  // My meeting with Zoe and two invitees by address (one of them a registered user).
  const mine = await server.call<{ meeting: { id: string } }>('create-meeting', me.key, {
    participant_ids: [zoe.userId, 'em:Guest.Person@Example.org', `em:${colon.email}`],
  });
  // Ángel's meeting, which I was invited to by address: Ángel is its host.
  await server.call('create-meeting', angel.key, { participant_ids: [`em:${me.email}`] });
  // A meeting I am not in: the stranger must not show up.
  await server.call('create-meeting', stranger.key, { participant_ids: ['em:hidden@example.net'] });
  await contact(me.userId, 'Dana Lee', 'dana.lee@example.org', mine.body.meeting.id);
  await contact(me.userId, 'Zoe from Contoso', zoe.email, mine.body.meeting.id);
  await contact(stranger.userId, 'Not Mine', 'not.mine@example.com');
});
afterAll(() => server.close());

describe('get-my-people', () => {
  it('lists users and guests met in my meetings, by name then e-mail, without me', async () => {
    const reply = await people(me.key);
    expect(reply.status).toBe(200);
    expectSchema('get-my-people.response', reply.body);
    expect(reply.body.people).toEqual([
      { email: colon.email, user: { id: colon.userId, name: 'Ann: the second', email: colon.email } },
      { email: 'dana.lee@example.org', guest_profile: { name: 'Dana Lee', email: 'dana.lee@example.org' } },
      {
        email: zoe.email,
        user: { id: zoe.userId, name: 'Zoe', email: zoe.email },
        guest_profile: { name: 'Zoe from Contoso', email: zoe.email },
      },
      {
        email: 'guest.person@example.org',
        guest_profile: { name: 'guest.person', email: 'guest.person@example.org' },
      },
      // Code-point order: 'Á' (U+00C1) sorts after every ASCII letter.
      { email: angel.email, user: { id: angel.userId, name: 'Ángel', email: angel.email } },
    ]);
    expect(reply.body.has_more).toBe(false);
  });

  it('pages with the <name>:<email> cursor, a name holding ":" included', async () => {
    const all = (await people(me.key, { limit: Limits.people.max })).body.people;
    const seen: Person[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: PeoplePage = (await people(me.key, { limit: 2, cursor })).body;
      expect(page.people.length).toBeLessThanOrEqual(2);
      seen.push(...page.people);
      if (!page.has_more) break;
      const last = page.people.at(-1) as Person;
      cursor = `${last.user?.name ?? last.guest_profile?.name}:${last.email}`;
    }
    expect(seen).toEqual(all);
    const afterColon = await people(me.key, { cursor: `Ann: the second:${colon.email}`, limit: 1 });
    expect(afterColon.body.people.map((p) => p.email)).toEqual(['dana.lee@example.org']);
  });

  it('has only the people of my own meetings and contacts', async () => {
    const theirs = (await people(stranger.key)).body.people.map((p) => p.email);
    // 'Not Mine' sorts before 'hidden' (the invitee's local part): upper case comes first in code points.
    expect(theirs).toEqual(['not.mine@example.com', 'hidden@example.net']);
  });

  it('refuses a cursor that is not <name>:<email> and an unknown field (422)', async () => {
    expect((await people(me.key, { cursor: 'no-email-here' })).status).toBe(422);
    expect((await people(me.key, { limit: 0 })).status).toBe(422);
    expect((await people(me.key, { page: 2 })).status).toBe(422);
  });

  it('answers a user who has met more people than SQLite binds values in one statement', async () => {
    // 17,000 meetings, each with its own invitee and guest contact: 34,000 addresses to look up.
    const veteran = await server.user('veteran');
    await seedHistory(server.store, veteran, { from: 0, to: 17_000, base: 1_000_000 });
    const page = await people(veteran.key, { limit: 3 });
    expect(page.status).toBe(200);
    expect(page.body.people.map((p) => p.guest_profile?.name)).toEqual(['Guest 0', 'Guest 1', 'Guest 10']);
    expect(page.body.has_more).toBe(true);
  }, 120_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { meetingInput } from '../../test-support/test-store.js';
import { manualClock } from '../core/clock.js';
import { sequentialIds } from '../core/ids.js';
import { isStampCollision } from './stamps.js';
import { openStore, type Store } from './store.js';

// The same behaviour on every dialect: SQLite always, PostgreSQL when PARLEY_TEST_PG_URL is set.

const NO_ROSTER = { participantIds: [], coHostIds: [] };

describe.each(testDatabases)('store on $name', (database) => {
  let store: Store;
  let url: string;
  let drop: () => Promise<void>;
  let dataDir: string;
  const clock = manualClock();

  beforeEach(async () => {
    ({ url, drop } = await database.create());
    dataDir = mkdtempSync(join(tmpdir(), 'parley-store-'));
    store = await openStore({ databaseUrl: url, dataDir, clock, ids: sequentialIds() });
  });
  afterEach(async () => {
    await store.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function user(name: string) {
    const account = await store.accounts.createAccount(name);
    return store.accounts.createUser({ accountId: account.id, email: `${name}@Example.com`, name });
  }

  it('finds users by any of a list of ids or of addresses, in one query', async () => {
    const ana = await user('ana');
    const bo = await user('bo');
    const odd = await store.accounts.createUser({
      accountId: ana.account_id,
      email: 'Renée "R" O\'Neil@example.com',
      name: 'R',
    });
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
    expect(ids(await store.accounts.usersByIdsOrEmails([ana.id], ['BO@example.com']))).toEqual(
      ids([ana, bo]),
    );
    expect(
      ids(await store.accounts.usersByIdsOrEmails([], [odd.email.toUpperCase(), 'nobody@example.com'])),
    ).toEqual([odd.id]);
    expect(ids(await store.accounts.usersByIdsOrEmails(['usr_unknown', bo.id], []))).toEqual([bo.id]);
    expect(await store.accounts.usersByIdsOrEmails([], [])).toEqual([]);
  });

  it('answers ping and reports its dialect', async () => {
    expect(await store.ping()).toBe(true);
    expect(store.dialect).toBe(database.name);
  });

  it('keeps microsecond stamps exact and unique even when the clock stands still', async () => {
    const host = await user('host');
    const a = await store.meetings.insert(meetingInput(host.id));
    const b = await store.meetings.insert(meetingInput(host.id));
    expect(b.updated_us).toBe(a.updated_us + 1);
    expect((await store.meetings.get(a.id))?.updated_us).toBe(a.updated_us);
    expect(Number.isInteger((await store.meetings.get(b.id))?.created_us)).toBe(true);
  });

  it('a duplicate stamp is refused by the unique index and recognised as a stamp collision', async () => {
    const host = await user('host');
    const a = await store.meetings.insert(meetingInput(host.id));
    const error = await store.meetings
      .importRow({ ...a, id: 'mtg_other' }, NO_ROSTER)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isStampCollision(error)).toBe(true);
    const other = await store.accounts
      .createUser({ accountId: host.account_id, email: 'HOST@example.com', name: 'x' })
      .catch((e: unknown) => e);
    expect(isStampCollision(other)).toBe(false);
  });

  it('retries a transaction that hit a stamp collision, with fresh stamps', async () => {
    const host = await user('host');
    const taken = await store.meetings.insert(meetingInput(host.id));
    let attempts = 0;
    const id = await store.transaction(async (repos) => {
      attempts++;
      const stamp = attempts === 1 ? taken.updated_us : taken.updated_us + 1000;
      await repos.meetings.importRow({ ...taken, id: 'mtg_retry', updated_us: stamp }, NO_ROSTER);
      return 'mtg_retry';
    });
    expect(attempts).toBe(2);
    expect((await store.meetings.get(id))?.updated_us).toBe(taken.updated_us + 1000);
  });

  it('rolls a failed transaction back entirely', async () => {
    const host = await user('host');
    await expect(
      store.transaction(async (repos) => {
        await repos.meetings.insert({ ...meetingInput(host.id), id: 'mtg_rolled_back' } as never);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.meetings.get('mtg_rolled_back')).toBeUndefined();
  });

  it('shows a meeting to its host and participants (by id or e-mail) only', async () => {
    const [host, member, invitee, stranger] = await Promise.all(
      ['host', 'member', 'invitee', 'stranger'].map(user),
    );
    if (!host || !member || !invitee || !stranger) throw new Error('users');
    const meeting = await store.meetings.insert(
      meetingInput(host.id, [host.id, member.id, `em:${invitee.email}`]),
    );
    for (const viewer of [host, member, invitee]) {
      expect(
        (await store.meetings.getVisible(meeting.id, { userId: viewer.id, email: viewer.email }))?.id,
      ).toBe(meeting.id);
    }
    expect(
      await store.meetings.getVisible(meeting.id, { userId: stranger.id, email: stranger.email }),
    ).toBeUndefined();
    expect(
      await store.meetings.listVisible({ userId: stranger.id, email: stranger.email }, { limit: 10 }),
    ).toEqual([]);
  });

  it('pages meetings newest first, strictly before the cursor', async () => {
    const host = await user('host');
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await store.meetings.insert(meetingInput(host.id)));
    const viewer = { userId: host.id, email: host.email };
    const page = await store.meetings.listVisible(viewer, { beforeUs: rows[2]?.updated_us, limit: 10 });
    expect(page.map((r) => r.id)).toEqual([rows[1]?.id, rows[0]?.id]);
  });

  it('keeps participant order and adds each id once', async () => {
    const host = await user('host');
    const meeting = await store.meetings.insert(meetingInput(host.id, [host.id, 'em:a@x.io']));
    expect(
      await store.meetingRoster.addParticipants(meeting.id, ['em:b@x.io', 'em:a@x.io', 'em:b@x.io']),
    ).toBe(1);
    const row = await store.meetings.get(meeting.id);
    expect(row?.participant_ids).toEqual([host.id, 'em:a@x.io', 'em:b@x.io']);
  });

  it('deleting a meeting removes its participants, co-hosts and messages', async () => {
    const host = await user('host');
    const meeting = await store.meetings.insert(meetingInput(host.id, [host.id, 'usr_x']));
    await store.meetingRoster.addCoHosts(meeting.id, ['usr_x']);
    const message = await store.messages.insert({
      meetingId: meeting.id,
      senderId: host.id,
      type: 'MT_USER',
      text: 'hi',
    });
    expect(await store.meetings.delete(meeting.id)).toBe(true);
    for (const table of ['meeting_participants', 'meeting_co_hosts'] as const) {
      const left = await store.db
        .selectFrom(table)
        .selectAll()
        .where('meeting_id', '=', meeting.id)
        .execute();
      expect(left).toEqual([]);
    }
    expect(await store.messages.get(meeting.id, message.id)).toBeUndefined();
  });

  it('stores API keys hashed and finds their owner by the plaintext', async () => {
    const owner = await user('owner');
    const key = await store.accounts.insertKey({
      accountId: owner.account_id,
      userId: owner.id,
      key: 'prl_secret_1',
      name: 'k',
    });
    expect(key.key_hash).not.toContain('prl_secret_1');
    expect((await store.accounts.findKeyOwner('prl_secret_1'))?.user).toMatchObject({
      id: owner.id,
      email: 'owner@example.com',
    });
    expect(await store.accounts.findKeyOwner('prl_secret_2')).toBeUndefined();
    expect(await store.accounts.countKeys(owner.account_id)).toBe(1);
  });

  it('migrating an up-to-date database again changes nothing', async () => {
    const host = await user('host');
    if (database.name === 'sqlite') return; // in-memory SQLite does not outlive its connection
    const again = await openStore({ databaseUrl: url, dataDir, clock, ids: sequentialIds() });
    expect((await again.accounts.getUser(host.id))?.email).toBe('host@example.com');
    await again.close();
  });

  it('wipe empties every table but keeps OAuth clients', async () => {
    const host = await user('host');
    await store.meetings.insert(meetingInput(host.id));
    await store.oauthClients.upsert({ clientId: 'c1', secret: 's', name: 'n', redirectUris: [] });
    await store.wipe();
    expect(await store.accounts.getUser(host.id)).toBeUndefined();
    expect(await store.oauthClients.verifySecret('c1', 's')).toBe(true);
  });
});

describe('SQLite file database', () => {
  it('survives a restart: data and migrations persist in the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-file-'));
    const clock = manualClock();
    const first = await openStore({ dataDir, clock, ids: sequentialIds() });
    const account = await first.accounts.createAccount('a');
    await first.close();
    const second = await openStore({ dataDir, clock, ids: sequentialIds() });
    expect((await second.accounts.getAccount(account.id))?.name).toBe('a');
    await second.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { meetingInput, openTestStore, type TestStore } from '../../test-support/test-store.js';

// Transactions that arrive together share one COMMIT on SQLite (commit-group.ts); on every dialect
// each still keeps its own all-or-nothing: a failing one leaves no trace and costs the others nothing.

describe.each(testDatabases)('concurrent transactions on $name', (database) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(database);
  });
  afterEach(() => t.dispose());

  async function host() {
    const account = await t.store.accounts.createAccount('host');
    return t.store.accounts.createUser({ accountId: account.id, email: 'host@example.com', name: 'Host' });
  }

  it('keeps every unit that succeeds and nothing of one that throws, when they run together', async () => {
    const { id } = await host();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        t.store.transaction(async (repos) => {
          const row = await repos.meetings.insert({ ...meetingInput(id), title: `m${i}` });
          if (i % 4 === 3) throw new Error(`unit ${i} changes its mind`);
          return row.id;
        }),
      ),
    );
    const kept = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(kept).toHaveLength(9);
    expect(refused).toEqual([3, 7, 11].map((i) => `Error: unit ${i} changes its mind`));
    const stored = await t.store.meetings.listVisible(
      { userId: id, email: 'host@example.com' },
      { limit: 50 },
    );
    expect(stored.map((m) => m.id).sort()).toEqual([...kept].sort());
    expect(stored.map((m) => m.title).sort()).toEqual([
      'm0',
      'm1',
      'm10',
      'm2',
      'm4',
      'm5',
      'm6',
      'm8',
      'm9',
    ]);
  });

  it('answers a unit with what it returned once its writes are stored', async () => {
    const { id } = await host();
    const first = t.store.transaction((repos) => repos.meetings.insert(meetingInput(id)));
    const second = t.store.transaction(async (repos) =>
      (await repos.meetings.listVisible({ userId: id, email: 'host@example.com' }, { limit: 5 })).map(
        (m) => m.id,
      ),
    );
    const row = await first;
    expect(await t.store.meetings.get(row.id)).toMatchObject({ id: row.id, participant_ids: [id] });
    // SQLite runs the units of a group in the order they came; PostgreSQL runs them side by side.
    if (database.name === 'sqlite') expect(await second).toEqual([row.id]);
    else await second;
  });
});

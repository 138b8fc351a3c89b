import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { openTestStore } from '../../test-support/test-store.js';
import type { AccountsTable } from './accounts.tables.js';
import { prepareQuery, prepareRowInsert } from './prepared-query.js';
import type { Store } from './store.js';

const byEmail = prepareQuery(2, (db, email: string, limit: number) =>
  db.selectFrom('users').select(['id', 'email']).where('email', '=', email).orderBy('id').limit(limit),
);

const insertAccount = prepareRowInsert<AccountsTable>(['id', 'name', 'created_us'], (db, row) =>
  db.insertInto('accounts').values(row),
);

describe.each(testDatabases)('prepared queries on $name', (database) => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(database));
    await store.db.insertInto('accounts').values({ id: 'acc_1', name: 'A', created_us: 1 }).execute();
    await store.db
      .insertInto('users')
      .values([
        { id: 'usr_1', account_id: 'acc_1', email: 'a@example.com', name: 'A', created_us: 1 },
        { id: 'usr_2', account_id: 'acc_1', email: 'b@example.com', name: 'B', created_us: 2 },
      ])
      .execute();
  });
  afterAll(() => dispose());

  it('binds the values of each run, not those of the first', async () => {
    const run = (email: string) => byEmail.run(store.db, store.dialect, email, 10);
    expect(await run('a@example.com')).toEqual([{ id: 'usr_1', email: 'a@example.com' }]);
    expect(await run('b@example.com')).toEqual([{ id: 'usr_2', email: 'b@example.com' }]);
    expect(await run('nobody@example.com')).toEqual([]);
    expect(await byEmail.run(store.db, store.dialect, 'a@example.com', 0)).toEqual([]);
  });

  it('runs inside a transaction on its connection', async () => {
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email: 'c@example.com' }).where('id', '=', 'usr_2').execute();
      expect(await byEmail.run(trx, store.dialect, 'c@example.com', 10)).toEqual([
        { id: 'usr_2', email: 'c@example.com' },
      ]);
    });
  });

  it('inserts each row with its own values, in the columns named', async () => {
    await insertAccount.run(store.db, store.dialect, { id: 'acc_2', name: 'Second', created_us: 2 });
    await insertAccount.run(store.db, store.dialect, { id: 'acc_3', name: 'Third', created_us: 3 });
    const rows = await store.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', 'in', ['acc_2', 'acc_3'])
      .execute();
    expect(rows.sort((a, b) => a.created_us - b.created_us)).toEqual([
      { id: 'acc_2', name: 'Second', created_us: 2 },
      { id: 'acc_3', name: 'Third', created_us: 3 },
    ]);
  });

  it('refuses a value that is transformed or bound twice', async () => {
    const transformed = prepareQuery(1, (db, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', email.toUpperCase()),
    );
    await expect(transformed.run(store.db, store.dialect, 'a@example.com')).rejects.toThrow(/bound 0 times/);
    const twice = prepareQuery(1, (db, id: string) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('account_id', '=', id),
    );
    await expect(twice.run(store.db, store.dialect, 'usr_1')).rejects.toThrow(/bound 2 times/);
  });
});

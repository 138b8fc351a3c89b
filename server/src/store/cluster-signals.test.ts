import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { systemClock } from '../core/clock.js';
import type { ClusterSignals } from '../core/cluster-signals.js';
import { randomIds } from '../core/ids.js';
import { openClusterSignals } from './cluster-signals.js';
import { openStore, type Store } from './store.js';

// Signals between server processes: on PostgreSQL a signal published by one reaches the others;
// its own handlers have run when publish resolves. On SQLite it stays in the process.

describe.each(testDatabases)('cluster signals on $name', (database) => {
  let drop: () => Promise<void>;
  const stores: Store[] = [];
  const signals: ClusterSignals[] = [];

  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    for (let i = 0; i < 2; i++) {
      const store = await openStore({
        databaseUrl: created.url,
        dataDir: '/nonexistent',
        clock: systemClock,
        ids: randomIds,
      });
      stores.push(store);
      signals.push(
        await openClusterSignals({ databaseUrl: created.url, dialect: store.dialect, db: store.db }),
      );
    }
  });
  afterAll(async () => {
    for (const s of signals) await s.close();
    for (const s of stores) await s.close();
    await drop?.();
  });

  it('runs the handlers of the publisher at once, and of every other process on PostgreSQL', async () => {
    const [one, two] = signals as [ClusterSignals, ClusterSignals];
    const heardByOne: string[] = [];
    const heardByTwo: string[] = [];
    one.subscribe('faults', (data) => heardByOne.push(data));
    two.subscribe('faults', (data) => heardByTwo.push(data));
    two.subscribe('reset', () => heardByTwo.push('reset'));
    await one.publish('faults', '["a"]');
    await one.publish('faults', '["b"]');
    expect(heardByOne).toEqual(['["a"]', '["b"]']);
    // Two SQLite in-memory databases are two separate services: nothing crosses between them.
    const expected = database.name === 'postgres' ? ['["a"]', '["b"]'] : [];
    await vi.waitFor(() => expect(heardByTwo).toEqual(expected), { timeout: 2_000 });
  });

  it('has handled every signal another process sent before sync resolves, with no waiting', async () => {
    const [one, two] = signals as [ClusterSignals, ClusterSignals];
    const heardByTwo: string[] = [];
    two.subscribe('faults', (data) => heardByTwo.push(data));
    for (let round = 0; round < 20; round++) {
      await one.publish('faults', `["round-${round}"]`);
      await two.sync();
      const expected = database.name === 'postgres' ? `["round-${round}"]` : undefined;
      expect(heardByTwo.at(-1)).toBe(expected);
    }
  });
});

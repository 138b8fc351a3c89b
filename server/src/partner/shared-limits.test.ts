import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { systemClock } from '../core/clock.js';
import { randomIds } from '../core/ids.js';
import { openStore, type Store } from '../store/store.js';
import { failedSignInsFor, tokenLimitFor } from './shared-limits.js';
import { LOCK_MS } from './sign-in-throttle.js';

// The partner rate limit and failed sign-ins hold across server processes on one PostgreSQL
// database: two stores on it stand for two processes, each with its own limiter, over one clock.

const postgres = testDatabases.find((d) => d.name === 'postgres');

describe.skipIf(!postgres)('limits shared by two processes on one PostgreSQL database', () => {
  let one: Store;
  let two: Store;
  let drop: () => Promise<void>;
  let now = 1_700_000_000_000;
  const clock = () => now;

  beforeAll(async () => {
    const database = await postgres?.create();
    if (!database) return;
    drop = database.drop;
    const open = () =>
      openStore({ databaseUrl: database.url, dataDir: '/nonexistent', clock: systemClock, ids: randomIds });
    one = await open();
    two = await open();
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  it('takes every process’s requests from one bucket per token, and refills it with time', async () => {
    const limitOne = tokenLimitFor(one, 2, clock);
    const limitTwo = tokenLimitFor(two, 2, clock);
    await limitOne.take('token-a');
    await limitTwo.take('token-a');
    await expect(limitOne.take('token-a')).rejects.toMatchObject({
      code: 'LIMIT_EXCEEDED',
      headers: { 'Retry-After': '30' },
    });
    await expect(limitTwo.take('token-a')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await limitTwo.take('token-b');
    now += 30_000;
    await limitTwo.take('token-a');
    await expect(limitOne.take('token-a')).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('allows exactly the limit when both processes take at once', async () => {
    const limits = [tokenLimitFor(one, 10, clock), tokenLimitFor(two, 10, clock)];
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => limits[i % 2]?.take('token-burst')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });

  it('counts failed sign-ins of one address across processes until one succeeds', async () => {
    const signInsOne = failedSignInsFor(one, clock);
    const signInsTwo = failedSignInsFor(two, clock);
    expect(await signInsOne.fail('Ann@Example.com')).toBe(250);
    expect(await signInsTwo.fail('ann@example.com ')).toBe(500);
    expect(await signInsOne.fail('ann@example.com')).toBe(1000);
    expect(await signInsOne.fail('bob@example.com')).toBe(250);
    await signInsTwo.succeed('ANN@example.com');
    expect(await signInsOne.fail('ann@example.com')).toBe(250);
    now += 16 * 60_000;
    expect(await signInsTwo.fail('bob@example.com')).toBe(250);
  });

  it('locks an address after five failures in a row, seen by both processes, until the lock ends', async () => {
    const signInsOne = failedSignInsFor(one, clock);
    const signInsTwo = failedSignInsFor(two, clock);
    for (let i = 0; i < 4; i++) await signInsOne.fail('cy@example.com');
    expect(await signInsTwo.lockedFor('cy@example.com')).toBe(0);
    await signInsTwo.fail('cy@example.com');
    expect(await signInsOne.lockedFor('CY@example.com')).toBe(LOCK_MS);
    now += LOCK_MS - 1;
    expect(await signInsOne.lockedFor('cy@example.com')).toBe(1);
    now += 1;
    expect(await signInsTwo.lockedFor('cy@example.com')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { drainHooks, HookCount, hookAccount } from './hook-count.js';
import { summaryMarkdown } from './report.js';

// The soak's hook account: deliveries by webhook-id against events, the bounded drain, and the
// report's line and verdict.

describe('hook account', () => {
  it('counts a retried try once, and passes when every event arrived', () => {
    const count = new HookCount();
    for (const id of ['msg_a', 'msg_b', 'msg_a', 'msg_c']) count.record(id);
    const account = hookAccount(count, 3, 1);
    expect(account).toMatchObject({ events: 3, delivered: 3, received: 4, shortfall: 0, pass: true });
    expect(account.reason).toBe('3 events delivered of 3 (1 retried tries arrived again)');
  });

  it('fails on any shortfall, retries not making up for a missing event', () => {
    const count = new HookCount();
    for (const id of ['msg_a', 'msg_a', 'msg_a']) count.record(id);
    const account = hookAccount(count, 2, 30);
    expect(account).toMatchObject({ delivered: 1, shortfall: 1, pass: false });
    expect(account.reason).toBe('1 of 2 events not delivered after 30 s of draining');
  });

  it('stops draining when all arrived, or when deliveries stop coming', async () => {
    let delivered = 0;
    const filling = setInterval(() => {
      delivered = Math.min(5, delivered + 1);
    }, 10);
    const all = await drainHooks({
      events: () => 5,
      delivered: () => delivered,
      quietMs: 5_000,
      maxMs: 5_000,
      pollMs: 5,
    });
    clearInterval(filling);
    expect(delivered).toBe(5);
    expect(all).toBeLessThan(5);
    const stuck = await drainHooks({
      events: () => 9,
      delivered: () => 5,
      quietMs: 50,
      maxMs: 5_000,
      pollMs: 5,
    });
    expect(stuck).toBeGreaterThanOrEqual(0.05);
    expect(stuck).toBeLessThan(5);
  });

  it("puts the account in the report's summary and fails the run on a shortfall", () => {
    const count = new HookCount();
    count.record('msg_a');
    const report = {
      startedAt: '2026-12-07T05:00:00Z',
      endedAt: '2026-12-07T05:01:00Z',
      target: 'test',
      settings: { restRate: 1 },
      capacity: { streamsHeld: 2, source: '--capacity' },
      restCapacity: { restHeld: Number.NaN, source: 'none (--rest-rate given)' },
      verdict: { pass: true, warmupS: 0, series: [] },
      series: [],
      unavailable: [],
      samples: [],
      counts: {},
      loadAverages: [{ t: 0, load: [1, 1, 1] }],
    };
    const short = summaryMarkdown({ ...report, hooks: hookAccount(count, 2, 12) });
    expect(short).toMatch(/^# Soak .*: FAIL$/m);
    expect(short).toContain(
      'Hook deliveries: 1 of 2 events delivered (1 received), shortfall 1, drained 12 s: **FAIL**.',
    );
    const whole = summaryMarkdown({ ...report, hooks: hookAccount(count, 1, 0) });
    expect(whole).toMatch(/^# Soak .*: PASS$/m);
    expect(whole).toContain('shortfall 0, drained 0 s: pass.');
  });
});

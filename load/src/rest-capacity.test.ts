import { describe, expect, it } from 'vitest';
import { Budget } from './budgets.js';
import {
  describeRestCapacity,
  judgeRateStep,
  type RateStepStats,
  REST_RATES,
  rateStepStats,
  searchRestCapacity,
} from './rest-capacity.js';

// A fake server of known capacity: below `capacity` arrivals/s every answer is 200 in `fastMs`;
// past it the latency rises with the overload (a queue), or, with `failing`, answers turn 503.
function fakeServer(capacity: number, options: { fastMs?: number; failing?: boolean } = {}) {
  const tried: number[] = [];
  const measure = async (rate: number): Promise<RateStepStats> => {
    tried.push(rate);
    const answers = rate * 10;
    const over = Math.max(0, rate - capacity);
    const latencies = Array.from({ length: answers }, (_, i) => (options.fastMs ?? 40) + over * 60 + (i % 7));
    const ok = options.failing && over > 0 ? Math.floor(answers * 0.9) : answers;
    const counts = new Map([
      ['create-meeting 200', ok],
      ['get-meetings 503', answers - ok],
      ['rest-mix dropped arrival', 0],
    ]);
    return rateStepStats(rate, options.failing ? latencies.map(() => 40) : latencies, counts, 0);
  };
  return { tried, measure };
}

describe('REST capacity search', () => {
  it('a server whose latency passes the budget past 20/s holds 20, and the search stops there', async () => {
    const server = fakeServer(20);
    const result = await searchRestCapacity(REST_RATES, server.measure);
    expect(result.held).toBe(20);
    expect(result.stoppedBy).toBe('failed');
    expect(server.tried).toEqual([5, 10, 20, 40]);
    expect(result.steps.at(-1)?.reasons.join()).toMatch(/p\(95\) \d+ ms > 500 ms/);
  });

  it('answers that turn to errors past 10/s stop it at 10 though the latency stays low', async () => {
    const result = await searchRestCapacity(REST_RATES, fakeServer(10, { failing: true }).measure);
    expect(result.held).toBe(10);
    expect(result.steps.at(-1)?.reasons.join()).toMatch(/20 of 200 answers not 200/);
    expect(describeRestCapacity(result)).toMatch(/20\/s: failed .*\[get-meetings 503 ×20\]/);
    expect(describeRestCapacity(result)).not.toMatch(/10\/s: held .*\[/);
  });

  it('a server slow at the first rate holds 0; one that holds every rate is a lower bound', async () => {
    const slow = await searchRestCapacity(REST_RATES, fakeServer(0, { fastMs: 600 }).measure);
    expect(slow).toMatchObject({ held: 0, stoppedBy: 'failed' });
    const fast = await searchRestCapacity(REST_RATES, fakeServer(1000).measure);
    expect(fast).toMatchObject({ held: 320, stoppedBy: 'max-rate' });
    expect(describeRestCapacity(fast)).toMatch(/REST capacity: 320 arrivals\/s held \(.*lower bound\)/);
  });

  it('counts answers by outcome, not events, and fails a step with dropped arrivals or no answers', () => {
    const counts = new Map([
      ['get-meetings 200', 97],
      ['create-meeting 404', 1],
      ['summarize-meeting timeout', 1],
      ['delete-meeting error', 1],
      ['rest-mix dropped arrival', 3],
      ['hook delivered', 50],
    ]);
    const stats = rateStepStats(10, [10, 20, 30], counts, 3);
    expect(stats).toMatchObject({ answers: 100, ok: 97, latencyStat: 'max', latencyMs: 30 });
    expect(stats.notOk).toEqual({
      'create-meeting 404': 1,
      'summarize-meeting timeout': 1,
      'delete-meeting error': 1,
    });
    const verdict = judgeRateStep(stats);
    expect(verdict.held).toBe(false);
    expect(verdict.reasons).toEqual(['3 of 100 answers not 200', '3 arrivals dropped']);
    expect(judgeRateStep(rateStepStats(5, [], new Map(), 0)).reasons).toEqual([
      'no answers',
      'max NaN ms > 500 ms',
    ]);
  });

  it('holds a step at exactly the budget and the ok share, and reads p(95) from enough answers (6 slow of 100 fail it)', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => (i < 94 ? 100 : 5_000));
    const stats = rateStepStats(5, latencies, new Map([['get-meetings 200', 100]]), 0);
    expect(stats.latencyStat).toBe('p(95)');
    expect(judgeRateStep(stats).held).toBe(false);
    const edge = { ...stats, latencyMs: Budget.restP95Ms, ok: 99, answers: 100 };
    expect(judgeRateStep(edge).held).toBe(true);
  });
});

// The soak's account of its hook subscription: every create the soak saw answered while subscribed
// is one meeting-created event, and each event must reach the receiver (its `webhook-id` once, a
// repeat of the same id being a retried try). After the load stops the soak waits for the queue to
// drain (bounded), then the report sets deliveries against events and fails on any shortfall.

/** After the load, how long the soak waits for deliveries still queued: at most, and with none arriving. */
const DRAIN_MAX_MS = 5 * 60_000;
const DRAIN_QUIET_MS = 30_000;

export interface HookAccount {
  /** meeting-created events: creates answered 200 while the subscription stood. */
  events: number;
  /** Distinct webhook-ids received. */
  delivered: number;
  /** Requests received in all (a retried try arrives again with its webhook-id). */
  received: number;
  /** Events never delivered once the queue drained (0 when every event arrived). */
  shortfall: number;
  /** Seconds waited after the load for the last deliveries. */
  drainS: number;
  pass: boolean;
  reason: string;
}

/** Counts what the receiver gets, by `webhook-id`. */
export class HookCount {
  private readonly ids = new Set<string>();
  received = 0;

  record(webhookId: string | undefined): void {
    this.received++;
    if (webhookId) this.ids.add(webhookId);
  }

  get delivered(): number {
    return this.ids.size;
  }
}

/** Deliveries against events: passes when no event went undelivered. */
export function hookAccount(
  count: Pick<HookCount, 'delivered' | 'received'>,
  events: number,
  drainS: number,
): HookAccount {
  const shortfall = Math.max(0, events - count.delivered);
  const repeats = count.received - count.delivered;
  const reason =
    shortfall > 0
      ? `${shortfall} of ${events} events not delivered after ${drainS.toFixed(0)} s of draining`
      : `${count.delivered} events delivered of ${events}${repeats > 0 ? ` (${repeats} retried tries arrived again)` : ''}`;
  return {
    events,
    delivered: count.delivered,
    received: count.received,
    shortfall,
    drainS,
    pass: shortfall === 0,
    reason,
  };
}

export interface DrainOptions {
  /** Events to wait for. */
  events: () => number;
  delivered: () => number;
  /** Gives up when no delivery arrived for this long. */
  quietMs: number;
  /** And in any case after this long. */
  maxMs: number;
  pollMs?: number;
}

/** Waits until every event is delivered, or deliveries stop arriving, or `maxMs`; resolves the seconds waited. */
export async function drainHooks(options: DrainOptions): Promise<number> {
  const start = performance.now();
  let last = options.delivered();
  let lastChange = start;
  for (;;) {
    const now = performance.now();
    const delivered = options.delivered();
    if (delivered !== last) {
      last = delivered;
      lastChange = now;
    }
    if (delivered >= options.events() || now - lastChange >= options.quietMs || now - start >= options.maxMs)
      return (now - start) / 1000;
    await new Promise((wake) => setTimeout(wake, options.pollMs ?? 500));
  }
}

/** After the load: waits for the queue to drain (bounded), then sets deliveries against events. */
export async function settleHooks(count: HookCount, events: () => number): Promise<HookAccount> {
  const drainS = await drainHooks({
    events,
    delivered: () => count.delivered,
    quietMs: DRAIN_QUIET_MS,
    maxMs: DRAIN_MAX_MS,
  });
  return hookAccount(count, events(), drainS);
}

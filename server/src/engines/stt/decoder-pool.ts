// A bounded pool of expensive objects (a pocketsphinx decoder holds ~90 MB of model and takes
// ~0.3 s to build). Idle ones are reused; callers beyond the bound wait in arrival order. One left
// idle for `idleMs` is destroyed, down to `keepIdle`: without that, the most the pool ever held at
// once (a capacity search's burst of streams) stayed resident for the life of the process.

export interface PoolRetention {
  /** How long an idle item is kept for reuse before it is destroyed. */
  idleMs: number;
  /** Idle items never destroyed (kept warm). */
  keepIdle: number;
}

/** Reuse within a minute; past that, the ~0.3 s build is cheaper than holding ~90 MB. */
export const DEFAULT_RETENTION: PoolRetention = { idleMs: 60_000, keepIdle: 1 };

export class DecoderPool<T> {
  private readonly idle: T[] = [];
  private readonly idleTimers = new Map<T, NodeJS.Timeout>();
  private readonly waiting: ((item: T) => void)[] = [];
  private created = 0;
  private closed = false;

  constructor(
    private readonly create: () => Promise<T>,
    private readonly destroy: (item: T) => Promise<void>,
    readonly max: number,
    private readonly retention: PoolRetention = DEFAULT_RETENTION,
  ) {}

  /** Items built and not destroyed (in use or idle). */
  get size(): number {
    return this.created;
  }

  /** Adds an already-built item (the warm-up decoder). */
  seed(item: T): void {
    this.created++;
    this.release(item);
  }

  async acquire(): Promise<T> {
    if (this.closed) throw new Error('pool closed');
    const ready = this.idle.pop();
    if (ready !== undefined) {
      clearTimeout(this.idleTimers.get(ready));
      this.idleTimers.delete(ready);
      return ready;
    }
    if (this.created < this.max) {
      this.created++;
      try {
        return await this.create();
      } catch (error) {
        this.created--;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(item: T): void {
    if (this.closed) {
      void this.destroy(item);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) {
      waiter(item);
      return;
    }
    this.idle.push(item);
    const timer = setTimeout(() => this.expire(item), this.retention.idleMs);
    timer.unref();
    this.idleTimers.set(item, timer);
  }

  /** Destroys an item idle since its timer was set, unless that would leave fewer than keepIdle. */
  private expire(item: T): void {
    this.idleTimers.delete(item);
    const at = this.idle.indexOf(item);
    if (at < 0 || this.idle.length <= this.retention.keepIdle) return;
    this.idle.splice(at, 1);
    this.created--;
    void this.destroy(item);
  }

  /** Runs `fn` with an item, returning it afterwards whatever happens. */
  async use<R>(fn: (item: T) => Promise<R>): Promise<R> {
    const item = await this.acquire();
    try {
      return await fn(item);
    } finally {
      this.release(item);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all(this.idle.splice(0).map((item) => this.destroy(item)));
  }
}

/** A counter of free places: what bounds the decoders built for one request's private vocabulary. */
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {}

  tryTake(): boolean {
    if (this.used >= this.max) return false;
    this.used++;
    return true;
  }

  async take(): Promise<void> {
    if (this.tryTake()) return;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.used--;
  }
}

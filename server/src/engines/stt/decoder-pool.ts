// A bounded pool of expensive objects (a pocketsphinx decoder holds ~100 MB of model and takes
// ~0.3 s to build). Idle ones are reused; callers beyond the bound wait in arrival order.

export class DecoderPool<T> {
  private readonly idle: T[] = [];
  private readonly waiting: ((item: T) => void)[] = [];
  private created = 0;
  private closed = false;

  constructor(
    private readonly create: () => Promise<T>,
    private readonly destroy: (item: T) => Promise<void>,
    readonly max: number,
  ) {}

  /** Adds an already-built item (the warm-up decoder). */
  seed(item: T): void {
    this.created++;
    this.release(item);
  }

  async acquire(): Promise<T> {
    if (this.closed) throw new Error('pool closed');
    const ready = this.idle.pop();
    if (ready !== undefined) return ready;
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
    if (waiter) waiter(item);
    else this.idle.push(item);
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

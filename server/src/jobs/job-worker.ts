import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';
import type { JobRow } from '../store/jobs.store.js';
import type { Store } from '../store/store.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from './backoff.js';

// Runs the jobs of the durable outbox (store/jobs.store.ts). Each kind has a handler; a handler
// that throws gets its job retried with backoff until the policy's attempts are used up, or given
// up at once when it throws PermanentJobError. `runDue()` runs what is due now (tests call it to
// step the outbox deterministically); `start()` polls in the background until `stop()`.
// Several processes may run workers on one database: claims are exclusive (see JobsStore).

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

/** A failure that another attempt cannot fix (a malformed payload, a recipient that cannot exist). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export interface JobWorkerOptions {
  store: Store;
  clock: Clock;
  logger?: Logger;
  retry?: RetryPolicy;
  /** Pause between polls when idle. */
  pollMs?: number;
  /** Jobs claimed per query. */
  batchSize?: number;
  /** How long a claim holds; a job still running after it may be claimed again by another worker. */
  leaseMs?: number;
  /** Done jobs, and the record of every delivery try, are deleted this long after they finished. */
  keepDoneMs?: number;
}

export interface RunReport {
  done: number;
  retried: number;
  failed: number;
}

const DEFAULTS = {
  pollMs: 1_000,
  batchSize: 20,
  leaseMs: 5 * 60_000,
  keepDoneMs: 7 * 24 * 60 * 60_000,
  purgeEveryMs: 60 * 60_000,
};

export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly policies = new Map<string, RetryPolicy>();
  private readonly retry: RetryPolicy;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lastPurgeUs = 0;

  constructor(private readonly options: JobWorkerOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  /** Handles jobs of `kind` (with its own retry policy if given); a worker only claims kinds it has a handler for. */
  register(kind: string, handler: JobHandler, retry?: RetryPolicy): this {
    this.handlers.set(kind, handler);
    if (retry) this.policies.set(kind, retry);
    return this;
  }

  /** Runs every job that is due now, batch after batch, until none is left. */
  async runDue(): Promise<RunReport> {
    const report: RunReport = { done: 0, retried: 0, failed: 0 };
    const batchSize = this.options.batchSize ?? DEFAULTS.batchSize;
    for (;;) {
      // The batch's claims share one commit (on SQLite one fsync, not one per job).
      const jobs = await this.options.store.transaction((repos) =>
        repos.jobs.claimDue({
          nowUs: this.options.clock.nowMicros(),
          kinds: [...this.handlers.keys()],
          limit: batchSize,
          leaseUs: (this.options.leaseMs ?? DEFAULTS.leaseMs) * 1000,
        }),
      );
      // Only an empty claim means nothing is due: a short batch may be short because another
      // worker claimed the rest of the rows this one selected, with more due jobs behind them.
      if (jobs.length === 0) return report;
      // A batch runs at once: its jobs are independent (each has its own retries), so one slow
      // receiver no longer holds up the deliveries behind it.
      await Promise.all(
        jobs.map(async (job) => {
          report[await this.runOne(job)]++;
        }),
      );
    }
  }

  /** Polls in the background until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs being run to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        this.schedule(this.options.pollMs ?? DEFAULTS.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.runDue();
      await this.purge();
    } catch (error) {
      // The database may be briefly unreachable; the next poll tries again.
      this.options.logger?.warn({ err: error }, 'job worker poll failed');
    }
  }

  private async purge(): Promise<void> {
    const now = this.options.clock.nowMicros();
    const keepMs = this.options.keepDoneMs ?? DEFAULTS.keepDoneMs;
    // Hourly, or as often as the rows expire when they are kept less than an hour.
    if (now - this.lastPurgeUs < Math.min(DEFAULTS.purgeEveryMs, keepMs) * 1000) return;
    this.lastPurgeUs = now;
    const before = now - keepMs * 1000;
    await this.options.store.jobs.purgeDone(before);
    await this.options.store.webhookDeliveries.purgeBefore(before);
  }

  private async runOne(job: JobRow): Promise<keyof RunReport> {
    const { store, logger } = this.options;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      // In a transaction, so the batch's jobs finishing together share a commit (store.ts).
      await store.transaction((repos) => repos.jobs.complete(job));
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = this.policies.get(job.kind) ?? this.retry;
      const final = error instanceof PermanentJobError || job.attempts >= retry.maxAttempts;
      if (final) {
        await store.jobs.fail(job, message);
        logger?.error({ job: job.id, kind: job.kind, attempts: job.attempts, err: error }, 'job failed');
        return 'failed';
      }
      const delayUs = retryDelayMs(retry, job.attempts) * 1000;
      await store.jobs.retry(job, message, this.options.clock.nowMicros() + delayUs);
      logger?.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, err: error },
        'job will be retried',
      );
      return 'retried';
    }
  }
}

import type { JobsTable } from './jobs.tables.js';
import { fromJson, toJson } from './json-columns.js';
import type { RepoContext } from './repo-context.js';

// The durable outbox: work that must happen after a request has answered (e-mail, callbacks),
// written in the same transaction as the change that calls for it, so it is never lost nor sent
// for a change that rolled back.
//
// Status: `pending` (waits for `run_after_us`) → `running` (claimed; `run_after_us` is then the end
// of the claim's lease) → `done`, or back to `pending` with a later `run_after_us` after a failed
// attempt, or `failed` when attempts are used up. A claim is an UPDATE guarded by the row's
// previous state, so two server processes never run the same attempt; a claim whose process died
// expires with its lease and the job is claimed again.

/** A stored job with its payload decoded. */
export type JobRow = Omit<JobsTable, 'payload'> & { payload: unknown };

export const JobStatus = {
  PENDING: 'pending',
  RUNNING: 'running',
  DONE: 'done',
  FAILED: 'failed',
} as const;

export interface NewJob {
  kind: string;
  payload: unknown;
  /** Not before this time; now when absent. */
  runAfterUs?: number;
}

/**
 * Rows one purge statement deletes at most. node:sqlite is synchronous: one DELETE of every expired
 * row blocked the event loop for as long as it ran, so purges go in batches with a turn of the
 * event loop between them (jobs/job-worker.ts). Timing: server/bench/README.md, "Outbox purge".
 */
export const PURGE_BATCH_ROWS = 500;

export class JobsStore {
  constructor(private readonly ctx: RepoContext) {}

  async enqueue(input: NewJob): Promise<JobRow> {
    const now = this.ctx.stamps.next();
    const row: JobRow = {
      id: this.ctx.ids.next('job'),
      kind: input.kind,
      payload: input.payload,
      status: JobStatus.PENDING,
      attempts: 0,
      run_after_us: input.runAfterUs ?? now,
      last_error: null,
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db
      .insertInto('jobs')
      .values({ ...row, payload: toJson(row.payload) })
      .execute();
    return row;
  }

  /**
   * Claims up to `limit` due jobs of the given kinds (pending and due, or running with an expired
   * lease), oldest due first. Each claimed row comes back with its attempt counted and leased
   * until `nowUs + leaseUs`.
   */
  async claimDue(options: {
    nowUs: number;
    kinds: readonly string[];
    limit: number;
    leaseUs: number;
  }): Promise<JobRow[]> {
    if (options.kinds.length === 0) return [];
    const due = await this.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', 'in', [JobStatus.PENDING, JobStatus.RUNNING])
      .where('run_after_us', '<=', options.nowUs)
      .where('kind', 'in', options.kinds)
      .orderBy('run_after_us', 'asc')
      .orderBy('id', 'asc')
      .limit(options.limit)
      .execute();
    const claimed: JobRow[] = [];
    for (const job of due) {
      const changes = {
        status: JobStatus.RUNNING,
        attempts: job.attempts + 1,
        run_after_us: options.nowUs + options.leaseUs,
        updated_us: this.ctx.stamps.next(),
      };
      const result = await this.ctx.db
        .updateTable('jobs')
        .set(changes)
        .where('id', '=', job.id)
        .where('status', '=', job.status)
        .where('attempts', '=', job.attempts)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) claimed.push(decodeJob({ ...job, ...changes }));
    }
    return claimed;
  }

  /** Marks the claimed attempt done; false when the claim was lost (its lease expired and another took it). */
  async complete(job: Pick<JobRow, 'id' | 'attempts'>): Promise<boolean> {
    return this.finish(job, { status: JobStatus.DONE, last_error: null });
  }

  /** Schedules another attempt at `runAfterUs`, keeping the error of this one. */
  async retry(job: Pick<JobRow, 'id' | 'attempts'>, error: string, runAfterUs: number): Promise<boolean> {
    return this.finish(job, { status: JobStatus.PENDING, last_error: error, run_after_us: runAfterUs });
  }

  /** Gives the job up for good. */
  async fail(job: Pick<JobRow, 'id' | 'attempts'>, error: string): Promise<boolean> {
    return this.finish(job, { status: JobStatus.FAILED, last_error: error });
  }

  async get(id: string): Promise<JobRow | undefined> {
    const row = await this.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && decodeJob(row);
  }

  /** Jobs of one kind, oldest first (tests and the emulator look at the outbox this way). */
  async list(filter: { kind?: string; status?: string; limit: number }): Promise<JobRow[]> {
    let query = this.ctx.db.selectFrom('jobs').selectAll();
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    const rows = await query.orderBy('created_us', 'asc').orderBy('id', 'asc').limit(filter.limit).execute();
    return rows.map(decodeJob);
  }

  /**
   * Deletes up to `limit` done jobs last touched before `beforeUs` (failed ones stay for
   * inspection); the caller repeats while a batch comes back full. The rows are found through
   * jobs_done_idx (status, updated_us), so a batch reads only what it deletes.
   */
  async purgeDone(beforeUs: number, limit = PURGE_BATCH_ROWS): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('jobs')
      .where(
        'id',
        'in',
        this.ctx.db
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', JobStatus.DONE)
          .where('updated_us', '<', beforeUs)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async finish(
    job: Pick<JobRow, 'id' | 'attempts'>,
    changes: Partial<Pick<JobRow, 'status' | 'last_error' | 'run_after_us'>>,
  ): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('jobs')
      .set({ ...changes, updated_us: this.ctx.stamps.next() })
      .where('id', '=', job.id)
      .where('status', '=', JobStatus.RUNNING)
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

function decodeJob(row: JobsTable): JobRow {
  return { ...row, payload: fromJson<unknown>(row.payload, {}) };
}

import type { Kysely } from 'kysely';
import type { Database } from './database.js';

// Group commit for SQLite. node:sqlite is synchronous, so a COMMIT's fsync blocks the event loop:
// profiled under create-meeting load, commits took ~40% of the server's time, one per request.
// Units of work that arrive together (those queued by the time the event loop reaches its check
// phase) run one after another inside one transaction, each in its own savepoint, and share one
// COMMIT. A unit's promise settles only after that COMMIT, so an answer still means committed; a
// unit that throws is rolled back to its savepoint alone; a COMMIT that fails fails every unit of
// the group. SQLite runs one write transaction at a time anyway (Kysely's SQLite driver has one
// connection), so no unit waits longer for the database than it did before; it waits for the
// others' work instead of their fsyncs.

/** Units sharing one COMMIT at most: bounds the time one group holds the database. */
const MAX_GROUP = 64;
const SAVEPOINT = 'unit';

interface Unit {
  work: (db: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class CommitGroup {
  private readonly queue: Unit[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the poll phase: every request that arrived in it has queued its unit by then. Under
    // load, one more turn of the event loop lets the next poll phase's requests join the group.
    setImmediate(() => setImmediate(() => void this.drain()));
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.runGroup(this.queue.splice(0, MAX_GROUP));
    this.scheduled = false;
  }

  private async runGroup(units: Unit[]): Promise<void> {
    let trx: Awaited<ReturnType<ReturnType<Kysely<Database>['startTransaction']>['execute']>>;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (error) {
      for (const unit of units) unit.reject(error);
      return;
    }
    const done: { unit: Unit; value: unknown }[] = [];
    try {
      for (const unit of units) {
        const point = await trx.savepoint(SAVEPOINT).execute();
        try {
          const value = await unit.work(point);
          await point.releaseSavepoint(SAVEPOINT).execute();
          done.push({ unit, value });
        } catch (error) {
          await point.rollbackToSavepoint(SAVEPOINT).execute();
          await point.releaseSavepoint(SAVEPOINT).execute();
          unit.reject(error);
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The transaction itself failed (savepoint, rollback or commit): nothing of the group is kept.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      // A unit already rejected stays so; every other one learns its work was not kept.
      for (const unit of units) unit.reject(error);
      return;
    }
    for (const { unit, value } of done) unit.resolve(value);
  }
}

// How long the outbox purge holds the event loop, on a SQLite file filled with done jobs and
// delivery tries: one DELETE of every expired row (what the worker ran before) against the worker's
// purge in batches (PURGE_BATCH_ROWS, a turn of the event loop between them), same rows, same run.
// The figure a request feels is the longest single block (monitorEventLoopDelay's max while the
// purge runs), not the total. `npm run bench:purge -w server` (knobs: --expired N --kept N, jobs;
// delivery tries are half of each, as in the soak: one hook-event and one delivery job per try).
// Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { manualClock } from '../src/core/clock.js';
import { sequentialIds } from '../src/core/ids.js';
import { JobWorker } from '../src/jobs/job-worker.js';
import { JobStatus, PURGE_BATCH_ROWS } from '../src/store/jobs.store.js';
import { openStore } from '../src/store/store.js';
import { numberOption } from './bench-kit.js';

const EXPIRED = numberOption('expired', 3_000);
const KEPT = numberOption('kept', 3_000);
const KEEP_MS = 2 * 60_000;
/** A hook delivery job's payload is ~0.5 KB of JSON (event, subscription, the item). */
const PAYLOAD = JSON.stringify({ event: 'meeting-created', item: { title: 'x'.repeat(400) } });

const clock = manualClock();
const nowUs = clock.nowMicros();
const expiredUs = nowUs - 2 * KEEP_MS * 1000;

/** A fresh database with the schema, EXPIRED + KEPT done jobs and half as many delivery tries. */
async function filledDatabase(dir: string): Promise<string> {
  const file = join(dir, 'purge.sqlite');
  const store = await openStore({ databaseUrl: `sqlite:${file}`, dataDir: dir, clock, ids: sequentialIds() });
  await store.close();
  const db = new DatabaseSync(file);
  const job = db.prepare(
    'insert into jobs (id, kind, payload, status, attempts, run_after_us, last_error, created_us, updated_us) values (?, ?, ?, ?, 1, ?, null, ?, ?)',
  );
  const attempt = db.prepare(
    'insert into webhook_deliveries (id, delivery_id, job_id, client_id, key_id, url, attempt, status_code, error, created_us) values (?, ?, ?, ?, null, ?, 1, 200, null, ?)',
  );
  db.exec('begin');
  for (let i = 0; i < EXPIRED + KEPT; i++) {
    const at = i < EXPIRED ? expiredUs + i : nowUs - 1000 + (i % 1000);
    job.run(`job_${i}`, 'partner-hook-delivery', PAYLOAD, JobStatus.DONE, at, at, at);
    if (i % 2 === 0)
      attempt.run(`dlv_${i}`, `msg_${i}`, `job_${i}`, 'bench-client', 'https://hooks.example/x', at);
  }
  db.exec('commit');
  db.close();
  return file;
}

async function measure(label: string, purge: (file: string, dir: string) => Promise<number>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-purge-bench-'));
  try {
    const file = await filledDatabase(dir);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const load = loadavg()[0]?.toFixed(2);
    delay.enable();
    const start = performance.now();
    const deleted = await purge(file, dir);
    const total = performance.now() - start;
    // The monitor's timer records a block when it fires after it: give it that turn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    delay.disable();
    console.log(
      `${label.padEnd(34)} ${String(deleted).padStart(7)} rows  total ${total.toFixed(0).padStart(6)} ms  longest block ${(delay.max / 1e6).toFixed(0).padStart(5)} ms  (load ${load})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `expired ${EXPIRED} jobs + ${EXPIRED / 2} tries, kept ${KEPT} + ${KEPT / 2}; batches of ${PURGE_BATCH_ROWS}`,
);
// The statements the worker ran before: every expired row in one DELETE per table.
await measure('one DELETE per table (before)', async (file) => {
  const db = new DatabaseSync(file);
  // The schema before the purge's indexes (migration 0014).
  db.exec('drop index jobs_done_idx; drop index webhook_deliveries_created_idx');
  // A timer that is due during the purge: its lateness is what monitorEventLoopDelay reads.
  await new Promise((resolve) => setImmediate(resolve));
  const jobs = db
    .prepare('delete from jobs where status = ? and updated_us < ?')
    .run(JobStatus.DONE, nowUs - KEEP_MS * 1000);
  const tries = db.prepare('delete from webhook_deliveries where created_us < ?').run(nowUs - KEEP_MS * 1000);
  db.close();
  return Number(jobs.changes) + Number(tries.changes);
});
await measure('batches with a turn between (now)', async (file, dir) => {
  const store = await openStore({ databaseUrl: `sqlite:${file}`, dataDir: dir, clock, ids: sequentialIds() });
  const worker = new JobWorker({ store, clock, keepDoneMs: KEEP_MS });
  const { jobs, deliveries } = await worker.purgeExpired();
  await store.close();
  return jobs + deliveries;
});

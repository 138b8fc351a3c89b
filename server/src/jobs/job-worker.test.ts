import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../../test-support/test-server.js';
import { manualClock, systemClock } from '../core/clock.js';
import { sequentialIds } from '../core/ids.js';
import { MAIL_JOB, SUMMARY_MAIL_KIND } from '../services/mail/mail.service.js';
import { type MailTransport, outboxMailTransport } from '../services/mail/mail.transport.js';
import { JobStatus, type JobsStore } from '../store/jobs.store.js';
import type { NewMail } from '../store/mail.store.js';
import { openStore, type Store } from '../store/store.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from './backoff.js';
import { JobWorker, PermanentJobError } from './job-worker.js';

// The outbox worker on a real database with a clock that only moves when told to, so every retry
// is due exactly when the policy says; then summarize-meeting's e-mail through a failing transport.

const MS = 1000;
const POLICY: RetryPolicy = { maxAttempts: 4, baseMs: 1_000, maxMs: 3_000 };

describe('retryDelayMs', () => {
  it('doubles from baseMs per failed attempt and stops at maxMs', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(POLICY, n))).toEqual([1000, 2000, 3000, 3000, 3000]);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1)).toBe(DEFAULT_RETRY_POLICY.baseMs);
  });
});

describe.each(testDatabases)('job worker on $name', (database) => {
  let store: Store;
  let drop: () => Promise<void>;
  let dataDir: string;
  let clock: ReturnType<typeof manualClock>;
  const worker = (retry: RetryPolicy = POLICY, leaseMs = 60_000) =>
    new JobWorker({ store, clock, retry, leaseMs });
  /** Enqueues, then lets the clock pass the enqueue stamps (which run 1 µs apart while it stands). */
  const enqueue = async (kind: string, payloads: unknown[]) => {
    const rows = [];
    for (const payload of payloads) rows.push(await store.jobs.enqueue({ kind, payload }));
    clock.advance(MS * MS);
    return rows;
  };

  beforeEach(async () => {
    let url: string;
    ({ url, drop } = await database.create());
    dataDir = mkdtempSync(join(tmpdir(), 'parley-jobs-'));
    clock = manualClock();
    store = await openStore({ databaseUrl: url, dataDir, clock, ids: sequentialIds() });
  });
  afterEach(async () => {
    await store.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs each due job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    const w = worker().register('echo', async (payload) => {
      seen.push(payload);
    });
    const rows = await enqueue('echo', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await w.runDue()).toEqual({ done: 3, retried: 0, failed: 0 });
    expect(await w.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    for (const row of rows) {
      expect(await store.jobs.get(row.id)).toMatchObject({
        status: JobStatus.DONE,
        attempts: 1,
        last_error: null,
      });
    }
  });

  it('retries a failing job exactly when the backoff says, then gives it up as failed', async () => {
    let calls = 0;
    const w = worker().register('flaky', async () => {
      calls++;
      throw new Error('smtp down');
    });
    const [job] = await enqueue('flaky', [{ to: 'a@example.com' }]);
    const none = { done: 0, retried: 0, failed: 0 };
    for (let attempt = 1; attempt < POLICY.maxAttempts; attempt++) {
      expect(await w.runDue()).toEqual({ ...none, retried: 1 });
      const delayUs = retryDelayMs(POLICY, attempt) * MS;
      expect(await store.jobs.get(job?.id ?? '')).toMatchObject({
        status: JobStatus.PENDING,
        attempts: attempt,
        last_error: 'smtp down',
        run_after_us: clock.nowMicros() + delayUs,
      });
      clock.advance(delayUs - 1);
      expect(await w.runDue()).toEqual(none);
      clock.advance(1);
    }
    expect(await w.runDue()).toEqual({ ...none, failed: 1 });
    clock.advance(3600 * MS * MS);
    expect(await w.runDue()).toEqual(none);
    expect(calls).toBe(POLICY.maxAttempts);
    expect(await store.jobs.get(job?.id ?? '')).toMatchObject({
      status: JobStatus.FAILED,
      attempts: POLICY.maxAttempts,
      last_error: 'smtp down',
      payload: { to: 'a@example.com' },
    });
  });

  it('gives up at once on a PermanentJobError, and never claims a kind without a handler', async () => {
    const w = worker().register('bad', async () => {
      throw new PermanentJobError('no recipient');
    });
    const [bad] = await enqueue('bad', [{}]);
    const [other] = await enqueue('unhandled', [{}]);
    expect(await w.runDue()).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await store.jobs.get(bad?.id ?? '')).toMatchObject({ status: JobStatus.FAILED, attempts: 1 });
    expect(await store.jobs.get(other?.id ?? '')).toMatchObject({ status: JobStatus.PENDING, attempts: 0 });
  });

  it('claims again a job whose worker died once its lease has run out; the dead claim cannot finish', async () => {
    const [job] = await enqueue('echo', [{}]);
    const leaseUs = 60 * MS * MS;
    const [dead] = await store.jobs.claimDue({
      nowUs: clock.nowMicros(),
      kinds: ['echo'],
      limit: 1,
      leaseUs,
    });
    let runs = 0;
    const w = worker(POLICY, 60_000).register('echo', async () => {
      runs++;
    });
    clock.advance(leaseUs - 1);
    expect(await w.runDue()).toEqual({ done: 0, retried: 0, failed: 0 });
    clock.advance(1);
    expect(await w.runDue()).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(runs).toBe(1);
    expect(await store.jobs.complete(dead ?? { id: '', attempts: 0 })).toBe(false);
    expect(await store.jobs.get(job?.id ?? '')).toMatchObject({ status: JobStatus.DONE, attempts: 2 });
  });

  it('two workers on one database never run the same job', async () => {
    const runs: string[] = [];
    const handler = async (_payload: unknown, job: { id: string }) => {
      runs.push(job.id);
    };
    const a = new JobWorker({ store, clock, batchSize: 3 }).register('echo', handler);
    const b = new JobWorker({ store, clock, batchSize: 3 }).register('echo', handler);
    const rows = await enqueue(
      'echo',
      Array.from({ length: 20 }, (_, n) => ({ n })),
    );
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()]);
    expect((ra?.done ?? 0) + (rb?.done ?? 0)).toBe(rows.length);
    expect(runs.sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('a short claim (a rival took the rest of the rows it selected) does not end runDue early', async () => {
    const jobs: JobsStore = Object.create(store.jobs);
    let claims = 0;
    jobs.claimDue = (options) =>
      store.jobs.claimDue({ ...options, limit: claims++ === 0 ? 1 : options.limit });
    const w = new JobWorker({ store: { ...store, jobs }, clock, batchSize: 5 }).register(
      'echo',
      async () => {},
    );
    const rows = await enqueue(
      'echo',
      Array.from({ length: 12 }, (_, n) => ({ n })),
    );
    expect(await w.runDue()).toEqual({ done: rows.length, retried: 0, failed: 0 });
  });

  it('purges done jobs older than the cut-off and keeps failed ones', async () => {
    const w = worker().register('echo', async () => {});
    const [done] = await enqueue('echo', [{}]);
    await w.runDue();
    const [failed] = await enqueue('never', [{}]);
    const [claimed] = await store.jobs.claimDue({
      nowUs: clock.nowMicros(),
      kinds: ['never'],
      limit: 1,
      leaseUs: 1,
    });
    await store.jobs.fail(claimed ?? { id: '', attempts: 0 }, 'gave up');
    expect(await store.jobs.purgeDone(clock.nowMicros() + 1)).toBe(1);
    expect(await store.jobs.get(done?.id ?? '')).toBeUndefined();
    expect(await store.jobs.get(failed?.id ?? '')).toMatchObject({ status: JobStatus.FAILED });
  });

  it('purges in bounded batches with a turn of the event loop between them, so no request waits for all of it', async () => {
    const w = new JobWorker({ store, clock, retry: POLICY, keepDoneMs: 60_000, purgeBatchRows: 5 }).register(
      'echo',
      async () => {},
    );
    await enqueue(
      'echo',
      Array.from({ length: 12 }, (_, n) => ({ n })),
    );
    await w.runDue();
    const tryEntry = {
      jobId: 'job_1',
      clientId: '',
      keyId: null,
      url: 'https://x.test/',
      statusCode: 200,
      error: null,
    };
    for (let n = 0; n < 7; n++)
      await store.webhookDeliveries.record({ ...tryEntry, deliveryId: `dlv_${n}`, attempt: 1 });
    clock.advance(61_000 * MS);
    const [kept] = await enqueue('echo', [{ n: 'new' }]);
    await w.runDue();
    // What a request would be: work queued for the event loop's next turn while the purge runs.
    const batches: number[] = [];
    const turns: number[] = [];
    const purgeDone = store.jobs.purgeDone.bind(store.jobs);
    store.jobs.purgeDone = async (beforeUs, limit) => {
      const n = await purgeDone(beforeUs, limit);
      batches.push(n);
      setImmediate(() => turns.push(batches.length));
      return n;
    };
    expect(await w.purgeExpired()).toEqual({ jobs: 12, deliveries: 7 });
    expect(batches).toEqual([5, 5, 2]);
    // The callback queued after each full batch ran before the next batch started.
    expect(turns.slice(0, 2)).toEqual([1, 2]);
    expect(await store.jobs.get(kept?.id ?? '')).toMatchObject({ status: JobStatus.DONE });
    expect(await store.webhookDeliveries.list(10)).toEqual([]);
  });

  it('purges the record of delivery tries older than the cut-off (the worker does with the done jobs)', async () => {
    const entry = {
      jobId: 'job_1',
      clientId: '',
      keyId: null,
      url: 'https://x.test/',
      statusCode: 200,
      error: null,
    };
    await store.webhookDeliveries.record({ ...entry, deliveryId: 'dlv_old', attempt: 1 });
    clock.advance(1_000);
    const cutOff = clock.nowMicros();
    clock.advance(1_000);
    await store.webhookDeliveries.record({ ...entry, deliveryId: 'dlv_new', attempt: 1 });
    expect(await store.webhookDeliveries.purgeBefore(cutOff)).toBe(1);
    expect((await store.webhookDeliveries.list(10)).map((t) => t.deliveryId)).toEqual(['dlv_new']);
  });
});

describe('summary e-mail through a failing transport', () => {
  it('retries with backoff: transient failures deliver once, a dead mailbox ends failed with its mail kept', async () => {
    const attempts = new Map<string, number>();
    let outbox: MailTransport | undefined;
    const transport: MailTransport = {
      async send(mail: NewMail) {
        const n = (attempts.get(mail.to_address) ?? 0) + 1;
        attempts.set(mail.to_address, n);
        if (mail.to_address === 'dead@partner.test') throw new Error('mailbox unavailable');
        if (mail.to_address.startsWith('member') && n === 1) throw new Error('try again later');
        await outbox?.send(mail);
      },
    };
    // The worker's clock starts an hour ahead of the stamps the real-time store gives new jobs, so
    // they are due at once; it then only moves when told to, so each retry is due exactly on time.
    const clock = manualClock(systemClock.nowMicros() + 3600 * MS * MS);
    const server = await startTestServer({ serviceDeps: { clock }, mailTransport: transport });
    outbox = outboxMailTransport(server.store);
    try {
      const host = await server.user('Host');
      const member = await server.user('Member');
      const created = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
        participant_ids: [member.userId, 'em:dead@partner.test'],
      });
      const summarized = await server.call('summarize-meeting', host.key, {
        meeting_id: created.body.meeting.id,
        send_email_to_participants: true,
      });
      expect(summarized.status).toBe(200);

      const { jobs } = server;
      const none = { done: 0, retried: 0, failed: 0 };
      expect(await jobs.runDue()).toEqual({ done: 1, retried: 2, failed: 0 });
      expect(await jobs.runDue()).toEqual(none);
      clock.advance(retryDelayMs(DEFAULT_RETRY_POLICY, 1) * MS);
      expect(await jobs.runDue()).toEqual({ done: 1, retried: 1, failed: 0 });
      for (let attempt = 2; attempt < DEFAULT_RETRY_POLICY.maxAttempts - 1; attempt++) {
        clock.advance(retryDelayMs(DEFAULT_RETRY_POLICY, attempt) * MS);
        expect(await jobs.runDue()).toEqual({ ...none, retried: 1 });
      }
      clock.advance(retryDelayMs(DEFAULT_RETRY_POLICY, DEFAULT_RETRY_POLICY.maxAttempts - 1) * MS);
      expect(await jobs.runDue()).toEqual({ ...none, failed: 1 });
      clock.advance(24 * 3600 * MS * MS);
      expect(await jobs.runDue()).toEqual(none);

      const mail = await server.get<{ mail: { to: string; kind: string }[] }>('/_emulator/mail', {
        Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
      });
      expect(mail.body.mail.map((m) => m.to).sort()).toEqual([host.email, member.email].sort());
      expect(mail.body.mail.every((m) => m.kind === SUMMARY_MAIL_KIND)).toBe(true);
      expect(Object.fromEntries(attempts)).toEqual({
        [host.email]: 1,
        [member.email]: 2,
        'dead@partner.test': DEFAULT_RETRY_POLICY.maxAttempts,
      });
      const failed = await server.store.jobs.list({ kind: MAIL_JOB, status: JobStatus.FAILED, limit: 10 });
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({
        attempts: DEFAULT_RETRY_POLICY.maxAttempts,
        last_error: 'mailbox unavailable',
      });
      expect(failed[0]?.payload).toMatchObject({ to_address: 'dead@partner.test' });
    } finally {
      await server.close();
    }
  });
});

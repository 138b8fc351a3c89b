import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';
import { MAIL_JOB } from '../services/mail/mail.service.js';
import type { MailTransport } from '../services/mail/mail.transport.js';
import type { Store } from '../store/store.js';
import { JobWorker } from './job-worker.js';
import { mailJobHandler } from './mail.job.js';

// The outbox worker with the job kinds of the services registered (the partner interface registers
// its own when the root builds it: partner/partner.wiring.ts). build-server.ts builds it once;
// main.ts starts and stops it, tests step it with `runDue()`.

export interface JobDeps {
  store: Store;
  clock: Clock;
  /** Where queued e-mail goes (main.ts: the mail outbox table, read by GET /_emulator/mail). */
  mailTransport: MailTransport;
  logger: Logger;
  /** How long a running job is leased before another worker may take it (PARLEY_JOB_LEASE_MS). */
  leaseMs: number;
  /** How long finished jobs and delivery tries are kept (PARLEY_OUTBOX_KEEP_DONE_MS). */
  keepDoneMs?: number;
}

export function createJobWorker(deps: JobDeps): JobWorker {
  const jobs = new JobWorker({
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger,
    leaseMs: deps.leaseMs,
    ...(deps.keepDoneMs === undefined ? {} : { keepDoneMs: deps.keepDoneMs }),
  });
  jobs.register(MAIL_JOB, mailJobHandler(deps.mailTransport));
  return jobs;
}

/**
 * How long the speech worker holds a claimed job: a long recording's transcription (stt with
 * callback_url) takes minutes on the local engines, and another process must not take it over
 * meanwhile. A job of a killed process runs again after this.
 */
export const SPEECH_JOB_LEASE_MS = 60 * 60_000;

/**
 * The worker of the speech jobs (jobs/stt-callback.job.ts, registered by app.ts): apart from the
 * main one, so a transcription of minutes holds up no e-mail or hook delivery, and one at a time
 * per process, so queued transcriptions do not crowd out the synchronous requests' engines.
 */
export function createSpeechJobWorker(deps: Omit<JobDeps, 'mailTransport'>): JobWorker {
  return new JobWorker({
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger,
    leaseMs: Math.max(deps.leaseMs, SPEECH_JOB_LEASE_MS),
    // One claimed at a time: a batch runs at once, and transcriptions must not crowd each other.
    batchSize: 1,
    ...(deps.keepDoneMs === undefined ? {} : { keepDoneMs: deps.keepDoneMs }),
  });
}

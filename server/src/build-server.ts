import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import { type AppDeps, createApp, createHttpServer } from './app.js';
import { type Clock, systemClock } from './core/clock.js';
import type { ClusterSignals } from './core/cluster-signals.js';
import { type Config, publicUrlOf } from './core/config.js';
import { type IdGenerator, randomIds } from './core/ids.js';
import { databaseFailure } from './core/startup-failure.js';
import { buildEngines, type Engines } from './engines/registry.js';
import type { FileStorage } from './files/file-storage.js';
import { openFileStorage } from './files/file-storages.js';
import { createMetrics } from './http/metrics.js';
import type { JobWorker } from './jobs/job-worker.js';
import { createJobWorker, createSpeechJobWorker } from './jobs/jobs.js';
import { createOutboundClients } from './net/outbound-clients.js';
import { createPartnerInterface } from './partner/partner.wiring.js';
import { type MailTransport, outboxMailTransport } from './services/mail/mail.transport.js';
import { createServices, type ServiceDeps, type Services } from './services/services.js';
import { openClusterSignals } from './store/cluster-signals.js';
import { databaseTimeoutsOf } from './store/connect.js';
import { openStore, type Store } from './store/store.js';
import { createLiveStt, type LiveSttMountDeps } from './ws/live-stt.mount.js';
import type { LiveSttServer } from './ws/live-stt-server.js';

// The one composition root: every dependency of a server built once from its configuration, in
// dependency order (database, engines, services, jobs, partner interface, files, live stream, app).
// main.ts, the test server and the conformance kit's in-process reference server all start here,
// so what a test exercises is what production runs; a caller replaces a part only through
// `overrides`, each one named.

export interface ServerOverrides {
  clock?: Clock;
  /** Ids of new records (tests: sequential; two servers on one database need random ones). */
  ids?: IdGenerator;
  logger?: Logger;
  /** Every engine; built from the configuration (as main.ts runs) when absent. */
  engines?: Engines;
  /** Service dependencies replacing the built ones (an llm engine, a translator, outbound clients). */
  services?: Partial<ServiceDeps>;
  /** Where the job worker delivers mail; the outbox table when absent. */
  mailTransport?: MailTransport;
  /** Engines or limits of WS /v1/stt/stream replacing the ones taken from `engines`. */
  live?: Partial<Omit<LiveSttMountDeps, 'services'>>;
  /** Parts of the app replaced after everything is built (a test's engine states, its file store). */
  app?: Partial<AppDeps>;
  /** The demo account's key, offered by /docs/ and /playground/ on a loopback server. */
  demoApiKey?: string;
  /** Runs after POST /_emulator/reset wiped the database (main.ts recreates the demo account). */
  afterReset?: () => Promise<void>;
  /** Node's process metrics on /metrics (default-on; many servers in one test process would repeat them). */
  processMetrics?: boolean;
}

export interface BuiltServer {
  config: Config;
  store: Store;
  services: Services;
  engines: Engines;
  /** The outbox worker, not started: main.ts starts it, a test steps it with `runDue()`. */
  jobs: JobWorker;
  /** The speech jobs' worker (stt with callback_url), not started either. */
  speechJobs: JobWorker;
  files: FileStorage;
  signals: ClusterSignals;
  live: LiveSttServer;
  http: Server;
  /** Listens on `port` and `host` and returns the server's public URL (file URLs use it from then on). */
  listen(port: number, host: string): Promise<string>;
  /** Closes the live streams (their finals sent), the HTTP server, the job worker, signals and database. */
  close(): Promise<void>;
}

export async function buildServer(config: Config, overrides: ServerOverrides = {}): Promise<BuiltServer> {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const logger = overrides.logger ?? pino({ level: config.logLevel, base: { service: 'parley-server' } });
  const filesSecret = config.filesSecret;
  if (!filesSecret)
    throw new Error('buildServer needs config.filesSecret (main.ts reads it from the data directory)');

  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    clock,
    ids,
    timeouts: databaseTimeoutsOf(config),
  }).catch((error: unknown) => {
    throw databaseFailure(config, error);
  });
  // Emulator resets and fault switches reach the other processes on the same PostgreSQL database.
  const signals = await openClusterSignals({
    databaseUrl: config.databaseUrl,
    dialect: store.dialect,
    db: store.db,
    timeouts: databaseTimeoutsOf(config),
    onError: (error) => logger.warn({ err: error }, 'cluster signals: listening connection lost'),
  });
  const outbound = createOutboundClients(config);
  const engines =
    overrides.engines ?? (await buildEngines(config, { upstreamClient: outbound.operatorUrls }));
  const serviceDeps: ServiceDeps = {
    store,
    clock,
    ids,
    config,
    llm: engines.llm,
    translate: engines.translate,
    logger,
    ...outbound,
    ...overrides.services,
  };
  const services = createServices(serviceDeps);
  const jobs = createJobWorker({
    store,
    clock: serviceDeps.clock,
    mailTransport: overrides.mailTransport ?? outboxMailTransport(store),
    logger,
    leaseMs: config.jobLeaseMs,
    keepDoneMs: config.outboxKeepDoneMs,
  });
  // Long transcriptions get their own worker: on the outbox they would hold up mail and hooks.
  const speechJobs = createSpeechJobWorker({
    store,
    clock: serviceDeps.clock,
    logger,
    leaseMs: config.jobLeaseMs,
    keepDoneMs: config.outboxKeepDoneMs,
  });
  const partner = createPartnerInterface({
    store,
    config,
    llm: serviceDeps.llm,
    jobs,
    clientUrls: serviceDeps.clientUrls,
  });

  // The URL is known once the server listens (PORT=0 picks a port); file URLs read it lazily.
  let baseUrl = config.publicUrl ?? '';
  const files = await openFileStorage(config, {
    rootDir: join(config.dataDir, 'files'),
    secret: filesSecret,
    clock,
    baseUrl: () => baseUrl,
  });
  const live = createLiveStt({
    services,
    stt: engines.localStt,
    vad: engines.vad,
    denoise: engines.denoise,
    diarization: engines.diarization,
    logger,
    limits: {
      maxSessionsPerAccount: config.liveSttAccountSessions,
      maxSessionMs: config.liveSttMaxSessionMinutes && config.liveSttMaxSessionMinutes * 60_000,
    },
    ...overrides.live,
  });
  const app = createApp({
    live,
    engines,
    files,
    baseUrl: () => baseUrl,
    config,
    store,
    clock,
    ids,
    logger,
    services,
    metrics: createMetrics({ processMetrics: overrides.processMetrics ?? true }),
    clientUrls: serviceDeps.clientUrls,
    speechJobs,
    bearer: partner.bearer,
    session: partner.session,
    partner,
    signals,
    demoApiKey: overrides.demoApiKey,
    ...(overrides.afterReset ? { afterReset: overrides.afterReset } : {}),
    ...overrides.app,
  });
  const http = createHttpServer(app);

  return {
    config,
    store,
    services,
    engines,
    jobs,
    speechJobs,
    files: overrides.app?.files ?? files,
    signals,
    live,
    http,
    async listen(port, host) {
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, resolve);
      });
      baseUrl = publicUrlOf(config, (http.address() as AddressInfo).port);
      return baseUrl;
    },
    async close() {
      // Open streams get their pending finals and a close 1001 before the database goes away.
      const streamsClosed = live.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeIdleConnections();
      });
      await streamsClosed;
      await Promise.all([jobs.stop(), speechJobs.stop()]);
      await signals.close();
      await store.close();
    },
  };
}

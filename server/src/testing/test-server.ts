import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@parley/schemas';
import { pino } from 'pino';
import { type AppDeps, createApp, createHttpServer } from '../app.js';
import { systemClock } from '../core/clock.js';
import { loadConfig } from '../core/config.js';
import { type IdGenerator, sequentialIds } from '../core/ids.js';
import { createExtractiveMeetingAi } from '../engines/llm/extractive-llm.adapter.js';
import { buildEngines } from '../engines/registry.js';
import { createUnavailableTranslator } from '../engines/translate/translator.js';
import { FileStore } from '../files/file-store.js';
import { createMetrics } from '../http/metrics.js';
import type { JobWorker } from '../jobs/job-worker.js';
import { createJobWorker, createSpeechJobWorker } from '../jobs/jobs.js';
import { createOutboundClients } from '../net/outbound-clients.js';
import { createPartnerInterface } from '../partner/partner.wiring.js';
import { type MailTransport, outboxMailTransport } from '../services/mail/mail.transport.js';
import { createServices, type ServiceDeps, type Services } from '../services/services.js';
import { openClusterSignals } from '../store/cluster-signals.js';
import { openStore, type Store } from '../store/store.js';
import { createLiveStt, type LiveSttMountDeps } from '../ws/live-stt.mount.js';
import type { LiveSttServer } from '../ws/live-stt-server.js';
import { defaultTestDatabase } from './databases.js';

// A real server on 127.0.0.1, port 0, over a fresh database (in-memory SQLite unless a URL is
// given), for tests that speak HTTP to it exactly as a client would.

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestUser {
  userId: string;
  accountId: string;
  email: string;
  key: string;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  /** `ws://` form of `url`, for WS /v1/stt/stream. */
  wsUrl: string;
  store: Store;
  services: Services;
  /** The outbox worker, not started: a test steps it with `runDue()`. */
  jobs: JobWorker;
  /** The speech jobs' worker (stt with callback_url), not started either. */
  speechJobs: JobWorker;
  files: FileStore;
  /** POST `body` as JSON (a string is sent as-is) to `path`. */
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
  /** A meeting REST call with an API key. */
  call<T = unknown>(route: string, key: string, body?: unknown): Promise<Reply<T>>;
  /** A user in an account of their own, with one API key. */
  user(name: string): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * The live engines main.ts mounts (local pocketsphinx, VAD, RNNoise, diarization), for
 * `startTestServer({ live })` in tests of other packages that must reach the server through this file.
 */
export async function localLiveEngines(): Promise<Omit<LiveSttMountDeps, 'services'>> {
  const engines = await buildEngines();
  return {
    stt: engines.localStt,
    vad: engines.vad,
    denoise: engines.denoise,
    diarization: engines.diarization,
  };
}

/** Every engine main.ts builds (file STT, TTS …), for `startTestServer({ deps: { engines } })` elsewhere. */
export const localEngines = () => buildEngines();

export async function startTestServer(
  options: {
    databaseUrl?: string;
    /** Ids of new records; sequential by default (two servers on one database need distinct ones). */
    ids?: IdGenerator;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** Service dependencies replacing the defaults (an llm engine, outbound clients). */
    serviceDeps?: Partial<ServiceDeps>;
    /** Where the job worker delivers mail; the outbox table when absent. */
    mailTransport?: MailTransport;
    /**
     * Engines (and limits) for WS /v1/stt/stream; without them the first stream loads the local
     * engines main.ts uses (a test server that never streams never pays for them).
     */
    live?: Omit<LiveSttMountDeps, 'services'>;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-test-'));
  const database = options.databaseUrl ? undefined : await defaultTestDatabase().create();
  const config = loadConfig({
    PARLEY_DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? database?.url ?? 'sqlite::memory:',
    LOG_LEVEL: 'silent',
    PARLEY_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    ...options.env,
  });
  const ids = options.ids ?? sequentialIds();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir, clock: systemClock, ids });
  const signals = await openClusterSignals({
    databaseUrl: config.databaseUrl,
    dialect: store.dialect,
    db: store.db,
  });
  const outbound = createOutboundClients(config);
  const llm = options.serviceDeps?.llm ?? createExtractiveMeetingAi();
  const logger = pino({ level: 'silent' });
  const services = createServices({
    store,
    clock: systemClock,
    ids,
    config,
    llm,
    // Tests that translate transcripts pass an engine in serviceDeps.
    translate: createUnavailableTranslator('no translation engine in this test server'),
    logger,
    ...outbound,
    ...options.serviceDeps,
  });
  const jobs = createJobWorker({
    store,
    clock: options.serviceDeps?.clock ?? systemClock,
    mailTransport: options.mailTransport ?? outboxMailTransport(store),
    logger,
    leaseMs: config.jobLeaseMs,
  });
  const speechJobs = createSpeechJobWorker({
    store,
    clock: options.serviceDeps?.clock ?? systemClock,
    logger,
    leaseMs: config.jobLeaseMs,
  });
  const partner = createPartnerInterface({
    store,
    config,
    llm,
    jobs,
    clientUrls: options.serviceDeps?.clientUrls ?? outbound.clientUrls,
  });
  let url = '';
  const files = new FileStore({
    rootDir: join(dataDir, 'files'),
    secret: 'test-files-secret-0123456789',
    clock: systemClock,
    baseUrl: () => url,
  });
  let live: Promise<LiveSttServer> | undefined;
  const liveServer = () => {
    live ??= (options.live ? Promise.resolve(options.live) : localLiveEngines()).then((engines) =>
      createLiveStt({ ...engines, services }),
    );
    return live;
  };
  if (options.live) await liveServer();
  const deps: AppDeps = {
    config,
    store,
    clock: systemClock,
    ids,
    logger,
    services,
    files,
    baseUrl: () => url,
    engines: { statuses: () => [] },
    clientUrls: options.serviceDeps?.clientUrls ?? outbound.clientUrls,
    speechJobs,
    metrics: createMetrics({ processMetrics: false }),
    bearer: partner.bearer,
    session: partner.session,
    partner,
    signals,
    demoApiKey: undefined,
    live: {
      handleUpgrade: (req, socket, head) =>
        void liveServer().then(
          (server) => server.handleUpgrade(req, socket, head),
          () => socket.destroy(),
        ),
    },
  };
  const app = createApp({ ...deps, ...options.deps });
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const send = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, body: parsed as T, headers: response.headers };
  };

  let userCount = 0;
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    store,
    services,
    jobs,
    speechJobs,
    files,
    post: (path, body, headers) => send('POST', path, body, headers),
    get: (path, headers) => send('GET', path, undefined, headers),
    call: (route, key, body) => send('POST', `/v1/${route}`, body ?? {}, { 'X-API-Key': key }),
    async user(name) {
      const email = `${name.toLowerCase()}.${++userCount}@example.com`;
      const { user, account } = await services.accounts.createUser({ email, name });
      const { secret } = await services.accounts.issueKey(user.id, 'test');
      return { userId: user.id, accountId: account.id, email, key: secret };
    },
    async close() {
      await (await live)?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await signals.close();
      await store.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fails the test with the validation detail when `body` does not match schema `id`. */
export function expectSchema(id: string, body: unknown): void {
  const result = validate(id, structuredClone(body));
  if (!result.ok) {
    throw new Error(
      `response does not match ${id}: ${JSON.stringify(result.detail, null, 2)}\n${JSON.stringify(body)}`,
    );
  }
}

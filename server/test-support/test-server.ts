import { validate } from '@parley/schemas';
import type { AppDeps } from '../src/app.js';
import type { IdGenerator } from '../src/core/ids.js';
import type { Engines } from '../src/engines/registry.js';
import type { FileStorage } from '../src/files/file-storage.js';
import { type SeededUser, startInProcessServer } from '../src/in-process-server.js';
import type { JobWorker } from '../src/jobs/job-worker.js';
import type { MailTransport } from '../src/services/mail/mail.transport.js';
import type { ServiceDeps, Services } from '../src/services/services.js';
import type { Store } from '../src/store/store.js';
import type { LiveSttMountDeps } from '../src/ws/live-stt.mount.js';
import { defaultTestDatabase } from './databases.js';

// The in-process server (server/src/in-process-server.ts, buildServer over a fresh database) on
// the test database of this run, with fixed secrets and helpers that speak HTTP to it exactly as a
// client would; what a test replaces is named in the options.

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';

export type TestUser = SeededUser;

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
  files: FileStorage;
  /** POST `body` as JSON (a string is sent as-is) to `path`. */
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
  /** A meeting REST call with an API key. */
  call<T = unknown>(route: string, key: string, body?: unknown): Promise<Reply<T>>;
  /** A user in an account of their own, with one API key. */
  user(name: string): Promise<TestUser>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    databaseUrl?: string;
    /** Ids of new records; sequential by default (two servers on one database need distinct ones). */
    ids?: IdGenerator;
    env?: Record<string, string>;
    /** Every engine; the ones main.ts builds from this configuration when absent. */
    engines?: Engines;
    /** Parts of the app replaced (an engine-state source for /health, a file store). */
    deps?: Partial<AppDeps>;
    /** Service dependencies replacing the defaults (an llm engine, outbound clients). */
    serviceDeps?: Partial<ServiceDeps>;
    /** Where the job worker delivers mail; the outbox table when absent. */
    mailTransport?: MailTransport;
    /** Engines or limits of WS /v1/stt/stream replacing the ones of `engines`. */
    live?: Partial<Omit<LiveSttMountDeps, 'services'>>;
  } = {},
): Promise<TestServer> {
  const database = options.databaseUrl ? undefined : await defaultTestDatabase().create();
  const server = await startInProcessServer({
    databaseUrl: options.databaseUrl ?? database?.url,
    env: {
      PARLEY_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      PARLEY_FILES_SECRET: 'test-files-secret-0123456789',
      ...options.env,
    },
    ...(options.ids ? { ids: options.ids } : {}),
    ...(options.engines ? { engines: options.engines } : {}),
    ...(options.serviceDeps ? { services: options.serviceDeps } : {}),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.live ? { live: options.live } : {}),
    ...(options.deps ? { app: options.deps } : {}),
  });
  const { url, built } = server;
  const { store, services } = built;

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

  return {
    url,
    wsUrl: server.wsUrl,
    store,
    services,
    jobs: built.jobs,
    speechJobs: built.speechJobs,
    files: built.files,
    post: (path, body, headers) => send('POST', path, body, headers),
    get: (path, headers) => send('GET', path, undefined, headers),
    call: (route, key, body) => send('POST', `/v1/${route}`, body ?? {}, { 'X-API-Key': key }),
    user: (name) => server.user(name),
    async close() {
      await server.close();
      await database?.drop();
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

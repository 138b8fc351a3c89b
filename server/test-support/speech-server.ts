import { expect } from 'vitest';
import type { AppDeps } from '../src/app.js';
import { loadConfig } from '../src/core/config.js';
import type { Engines } from '../src/engines/registry.js';
import { type AudioHost, fixtureById, startAudioHost, TWO_VOICES } from './hosts.js';
import { localEngines } from './local-engines.js';
import { expectSchema, startTestServer, type TestServer, type TestUser } from './test-server.js';

// Test support (not a test) for the speech routes: the static audio host of hosts.ts (the public
// storage an audio_url points at), and a test server whose configuration allows private addresses
// (so the reference server may fetch from that host), with the engines given.

export { type AudioHost, fixtureById, startAudioHost, TWO_VOICES };

export interface SpeechServer extends TestServer {
  alice: TestUser;
}

/**
 * A test server with PARLEY_ALLOW_PRIVATE_URLS=true (the audio host is on loopback) and one user.
 * `env` adds configuration; `deps` replaces parts (engines, outbound client, file store).
 */
export async function startSpeechServer(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<SpeechServer> {
  const env = { PARLEY_ALLOW_PRIVATE_URLS: 'true', ...options.env };
  const server = await startTestServer({ env, ...(options.deps ? { deps: options.deps } : {}) });
  return Object.assign(server, { alice: await server.user('Alice') });
}

export interface SpeechRig {
  engines: Engines;
  host: AudioHost;
  server: SpeechServer;
  /** Closes the server, then the host. */
  close(): Promise<void>;
}

/** What the stt route tests share: the worker's local engines (local-engines.ts), the audio host, a speech server on them. */
export async function startSpeechRig(): Promise<SpeechRig> {
  const engines = await localEngines();
  const host = await startAudioHost();
  const server = await startSpeechServer({ deps: { engines } });
  return {
    engines,
    host,
    server,
    async close() {
      await server.close();
      await host.close();
    },
  };
}

/** The configuration a speech server with `env` runs with (to build its engines the way main.ts does). */
export function speechConfig(env: Record<string, string> = {}) {
  return loadConfig({ PARLEY_DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
}

/** POST with a raw body (protobuf or text) and the key in the query. */
export async function postRaw(
  url: string,
  body: Uint8Array | string | undefined,
  contentType: string | undefined,
): Promise<{ status: number; type: string | null; bytes: Uint8Array; json: () => unknown }> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const response = await fetch(url, { method: 'POST', headers, ...(body !== undefined ? { body } : {}) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes,
    json: () => JSON.parse(Buffer.from(bytes).toString('utf8')),
  };
}

/** A speech route's error answer: this status, the api-error body, and its text when given. */
export function expectError(
  reply: { status: number; body: unknown },
  status: number,
  error?: string | RegExp,
) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expectSchema('api-error', reply.body);
  const text = (reply.body as { error: string }).error;
  if (typeof error === 'string') expect(text).toBe(error);
  else if (error) expect(text).toMatch(error);
}

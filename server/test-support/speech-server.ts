import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { AppDeps } from '../src/app.js';
import { loadConfig } from '../src/core/config.js';
import { type FixtureFile, fixtureFiles } from '../src/engines/audio/fixture-audio.js';
import { contentTypeOf } from '../src/files/file-store.js';
import { expectSchema, startTestServer, type TestServer, type TestUser } from './test-server.js';

// Test support (not a test) for the speech routes: a static audio host on 127.0.0.1 that plays the
// part of the public storage an audio_url points at, and a test server whose configuration allows
// private addresses (so the reference server may fetch from that host), with the engines given.

const FIXTURES = fileURLToPath(new URL('../../fixtures/audio/', import.meta.url));
const FIXTURE_TYPES: Record<string, string> = {
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
};

/** A fixture of fixtures/audio/manifest.json by id; throws when it is missing. */
export function fixtureById(id: string): FixtureFile {
  const [file] = fixtureFiles((f) => f.id === id);
  if (!file) throw new Error(`fixture ${id} missing (run npm run fixtures)`);
  return file;
}

export interface AudioHost {
  url: string;
  /** URL of a fixture file, e.g. `en/rms-01.wav`. */
  fixture(path: string): string;
  /** Serves `bytes` at `/custom/<name>` with `contentType` (and `status`). */
  serve(name: string, bytes: Uint8Array | string, contentType: string, status?: number): string;
  /** A URL that accepts the request and never answers. */
  readonly hangingUrl: string;
  close(): Promise<void>;
}

export async function startAudioHost(): Promise<AudioHost> {
  const custom = new Map<string, { bytes: Uint8Array | string; type: string; status: number }>();
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    if (path === '/hang') {
      hanging.add(res);
      return;
    }
    const entry = path.startsWith('/custom/') ? custom.get(path.slice('/custom/'.length)) : undefined;
    if (entry) {
      res.writeHead(entry.status, { 'content-type': entry.type }).end(entry.bytes);
      return;
    }
    if (path.startsWith('/fixtures/') && !path.includes('..')) {
      const bytes = await readFile(`${FIXTURES}${path.slice('/fixtures/'.length)}`).catch(() => undefined);
      if (bytes) {
        const type = FIXTURE_TYPES[extname(path)] ?? contentTypeOf(path);
        res.writeHead(200, { 'content-type': type }).end(bytes);
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    fixture: (path) => `${url}/fixtures/${path}`,
    serve(name, bytes, contentType, status = 200) {
      custom.set(name, { bytes, type: contentType, status });
      return `${url}/custom/${name}`;
    },
    hangingUrl: `${url}/hang`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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

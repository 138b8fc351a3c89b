import { PROTO_CONTENT_TYPE, SessionTTSRequest } from '@parley/schemas/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { expectSchema, startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { ErrorText, LIVE_STT_PATH, StreamClose } from '../../core/contracts.js';

// The server's own routes that are not JSON: directory pages, packaged files (with send's path
// containment), the playground's fixtures, and the WebSocket upgrade, all served by the route kit.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const manual = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('pages and packaged files', () => {
  it('redirects a directory page without its slash, keeping the query', async () => {
    for (const [path, location] of [
      ['/docs', '/docs/'],
      ['/playground?demo=1', '/playground/?demo=1'],
      ['/docs/asyncapi', '/docs/asyncapi/'],
    ]) {
      const response = await manual(path as string);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location')).toBe(location);
    }
    const page = await manual('/playground/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('sends the docs, AsyncAPI and playground pages with headers that forbid framing', async () => {
    for (const path of ['/docs/', '/docs/asyncapi/', '/playground/']) {
      const page = await manual(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      await page.arrayBuffer();
    }
  });

  it("serves a package's files by their type, and nothing outside the package", async () => {
    const css = await manual('/docs/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    for (const [path, status] of [
      ['/docs/..%2F..%2Fpackage.json', 403],
      ['/docs/.npmignore', 404],
      ['/docs/no-such-file.js', 404],
      ['/playground/%E0%A4%A', 400],
    ] as const) {
      const response = await manual(path);
      expect(response.status, path).toBe(status);
      expectSchema('api-error', await response.json());
    }
  });

  it('describes the session and the fixtures in their schemas, and serves a fixture with ranges', async () => {
    const session = await server.get('/docs/session.json');
    expect(session.headers.get('cache-control')).toBe('no-store');
    expectSchema('docs-session.response', session.body);
    const fixtures = await server.get<{ files: { path: string }[] }>('/playground/fixtures.json');
    expectSchema('playground-fixtures.response', fixtures.body);
    const first = fixtures.body.files[0];
    if (!first) throw new Error('the playground offers no fixture');
    const part = await fetch(`${server.url}${first.path}`, { headers: { Range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toMatch(/^audio\//);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('RIFF');
    expect((await manual('/playground/fixtures/no-such-fixture')).status).toBe(404);
  });

  it('gives "Try it out" on TTS an example body it can send, named in the served document', async () => {
    const example = await fetch(`${server.url}/docs/tts-request.bin`);
    expect(example.status).toBe(200);
    expect(example.headers.get('content-type')).toBe(PROTO_CONTENT_TYPE);
    const request = SessionTTSRequest.decode(new Uint8Array(await example.arrayBuffer()));
    expect(request.text).toBe('Good morning everyone, let us start the meeting.');
    const doc = await (await fetch(`${server.url}/docs/openapi.yaml`)).text();
    expect(doc).toContain('[an example body](/docs/tts-request.bin)');
    const { key } = await server.user('tia');
    const tts = await fetch(`${server.url}/v1/tts?api_key=${key}`, {
      method: 'POST',
      headers: { 'content-type': PROTO_CONTENT_TYPE },
      body: SessionTTSRequest.encode(request).finish(),
    });
    // The route takes it and speaks it (the test server runs the local engines, as `npm start` does).
    expect(tts.status).toBe(200);
    expect(tts.headers.get('content-type')).toBe(PROTO_CONTENT_TYPE);
  });

  it('answers a path no route holds with the api-error 404', async () => {
    const response = await manual('/no/such/route');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Route GET /no/such/route not found',
      code: 'NOT_FOUND',
    });
  });
});

describe('WebSocket upgrades', () => {
  const closeOf = (path: string) =>
    new Promise<{ code: number; reason: string } | { status: number }>((resolve) => {
      const socket = new WebSocket(`${server.wsUrl}${path}`);
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
      socket.on('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        socket.terminate();
      });
      socket.on('error', () => {});
    });

  it('hands the live stream route to the live server (1008 without a key, after the handshake)', async () => {
    expect(await closeOf(LIVE_STT_PATH)).toEqual({
      code: StreamClose.policyViolation,
      reason: ErrorText.missingAuth,
    });
  });

  it('refuses an upgrade to any other path with a plain 404', async () => {
    expect(await closeOf('/v1/stt/streams')).toEqual({ status: 404 });
    expect(await closeOf('/health')).toEqual({ status: 404 });
  });
});

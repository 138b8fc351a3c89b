import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHttpServer, HTTP_TIMEOUTS } from './app.js';

// The server sets its own header, request and keep-alive timeouts (app.ts HTTP_TIMEOUTS): a client
// that trickles its headers is cut off instead of holding a connection for Node's default minute.

describe('HTTP server timeouts', () => {
  it('takes its timeouts from HTTP_TIMEOUTS', () => {
    const server = createHttpServer({ request: () => {}, upgrade: () => {} });
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveMs);
  });

  it('closes a connection whose headers never finish', async () => {
    const server = createHttpServer(
      { request: (_req, res) => res.end('ok'), upgrade: () => {} },
      { headersMs: 300, requestMs: 600, keepAliveMs: 300, checkEveryMs: 100 },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = await Promise.race([
      new Promise<boolean>((resolve) => socket.on('close', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    socket.destroy();
    server.close();
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});

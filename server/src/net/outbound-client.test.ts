import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from './outbound-client.js';
import {
  OutboundBlockedError,
  OutboundTimeoutError,
  OutboundTooLargeError,
  OutboundUpstreamError,
  OutboundUrlError,
} from './outbound-errors.js';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/ok') return res.end('hello');
    if (path === '/big') {
      res.setHeader('content-length', String(10_000));
      return res.end(Buffer.alloc(10_000));
    }
    if (path === '/big-chunked') {
      // No content-length: the limit has to be enforced while streaming.
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000));
      return res.end();
    }
    if (path === '/slow') return setTimeout(() => res.end('late'), 2000);
    if (path === '/redirect-ok') return res.writeHead(302, { location: '/ok' }).end();
    if (path === '/redirect-private') return res.writeHead(302, { location: 'http://10.0.0.1/x' }).end();
    if (path === '/redirect-loop') return res.writeHead(302, { location: '/redirect-loop' }).end();
    if (path === '/redirect-metadata') {
      return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    }
    if (path === '/echo' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(Buffer.concat(chunks)));
      return;
    }
    res.statusCode = 404;
    res.end('nope');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const allowed = () => createOutboundClient({ allow: ['127.0.0.1'] });

describe('outbound client', () => {
  it('fetches from an allowed address', async () => {
    const res = await allowed().request({ url: `${base}/ok` });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
  });

  it('refuses loopback unless allowed', async () => {
    await expect(createOutboundClient().request({ url: `${base}/ok` })).rejects.toBeInstanceOf(
      OutboundBlockedError,
    );
  });

  it('refuses a name that resolves to loopback (localhost)', async () => {
    const port = new URL(base).port;
    await expect(
      createOutboundClient().request({ url: `http://localhost:${port}/ok` }),
    ).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  it('judges the resolved address, not the name', async () => {
    const client = createOutboundClient({ resolve: async () => [{ address: '10.0.0.7', family: 4 }] });
    const error = await client.request({ url: 'http://files.example.com/a.mp3' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as OutboundBlockedError).address).toBe('10.0.0.7');
  });

  it('refuses when any resolved address is private (mixed answers)', async () => {
    const client = createOutboundClient({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    await expect(client.request({ url: 'http://mixed.example.com/' })).rejects.toBeInstanceOf(
      OutboundBlockedError,
    );
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[fd00:ec2::254]/',
    'http://0x7f000001/',
    'http://2130706433/',
  ])('refuses the literal address in %s', async (url) => {
    await expect(createOutboundClient().request({ url })).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  it('follows redirects and re-checks every hop', async () => {
    const client = allowed();
    expect((await client.request({ url: `${base}/redirect-ok` })).body.toString()).toBe('hello');
    await expect(client.request({ url: `${base}/redirect-private` })).rejects.toBeInstanceOf(
      OutboundBlockedError,
    );
    await expect(client.request({ url: `${base}/redirect-metadata` })).rejects.toBeInstanceOf(
      OutboundBlockedError,
    );
  });

  it('gives up on redirect loops', async () => {
    await expect(allowed().request({ url: `${base}/redirect-loop`, maxRedirects: 3 })).rejects.toBeInstanceOf(
      OutboundUpstreamError,
    );
  });

  it.each(['/big', '/big-chunked'])('aborts %s past maxBytes', async (path) => {
    await expect(allowed().request({ url: `${base}${path}`, maxBytes: 4096 })).rejects.toBeInstanceOf(
      OutboundTooLargeError,
    );
    expect((await allowed().request({ url: `${base}${path}`, maxBytes: 10_000 })).body.length).toBe(10_000);
  });

  it('times out', async () => {
    await expect(allowed().request({ url: `${base}/slow`, timeoutMs: 200 })).rejects.toBeInstanceOf(
      OutboundTimeoutError,
    );
  });

  it.each(['ftp://example.com/a.mp3', 'file:///etc/passwd', 'not a url', 'http://user:pw@example.com/'])(
    'refuses the URL %s as a bad request',
    async (url) => {
      const error = await createOutboundClient()
        .request({ url })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundUrlError);
      expect((error as OutboundUrlError).code).toBe('BAD_REQUEST');
    },
  );

  it('reports connection failures as upstream failures', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(allowed().request({ url: `http://127.0.0.1:${port}/` })).rejects.toBeInstanceOf(
      OutboundUpstreamError,
    );
  });

  it('sends a body and returns non-2xx answers to the caller', async () => {
    const client = allowed();
    const echoed = await client.request({ url: `${base}/echo`, method: 'POST', body: 'ping' });
    expect(echoed.body.toString()).toBe('ping');
    expect((await client.request({ url: `${base}/missing` })).status).toBe(404);
  });
});

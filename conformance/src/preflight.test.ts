import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { type RunOptions, run, UsageError } from './index.js';

// The preflight: a base URL that is not the service at all is exit 2 with the reason, before any
// check; the service breaking a sentence is judged (the check naming it fails, exit 1).

async function serve(handler: RequestListener) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const quiet: RunOptions = { apiKey: 'k', progress: null, reporters: [] };

describe('preflight', () => {
  it('a base URL that answers 404 to everything is exit 2, not 1', async () => {
    const host = await serve((_req, res) => res.writeHead(404).end('not here'));
    try {
      await expect(run({ ...quiet, baseUrl: host.url })).rejects.toThrow(/health answered 404/);
      expect(
        await main(['--base-url', host.url, '--api-key', 'k', '--reporter', 'json', '--out', '/tmp/kit-pf']),
      ).toBe(2);
    } finally {
      await host.close();
    }
  });
  it('a web page everywhere is exit 2, not 1', async () => {
    const host = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>'),
    );
    try {
      await expect(run({ ...quiet, baseUrl: host.url })).rejects.toThrow(
        /health answered 200 "<!doctype html>.*get-meetings answered 200/,
      );
    } finally {
      await host.close();
    }
  });
  it("/health asking for a credential in the spec's error shape is judged: rest.08 fails, exit 1", async () => {
    // The service (get-meetings takes the key) whose /health breaks "no authentication".
    const host = await serve((req, res) => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/health')
        return json(401, { success: false, error: 'Missing authorization', code: 'UNAUTHORIZED' });
      if (req.url === '/v1/get-meetings' && req.headers['x-api-key'] === 'k')
        return json(200, { success: true, meetings: [], has_more: false });
      json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    });
    try {
      const report = await run({ ...quiet, baseUrl: host.url, only: ['rest.08.health'] });
      expect(report.exitCode).toBe(1);
      expect(report.results).toMatchObject([
        {
          id: 'rest.08.health',
          status: 'FAIL',
          deviations: [{ code: 'STATUS', expected: 200, actual: 401 }],
        },
      ]);
      expect(report.coverage.sentences.find((s) => s.id === 'S-authentication-13')?.status).toBe('failed');
      const out = mkdtempSync(join(tmpdir(), 'kit-pf-'));
      expect(
        await main([
          '--base-url',
          host.url,
          '--api-key',
          'k',
          '--only',
          'rest.08.health',
          '--reporter',
          'json',
          '--out',
          out,
        ]),
      ).toBe(1);
    } finally {
      await host.close();
    }
  });
  it('a refused key is exit 2 with the reason, whatever /health answers', async () => {
    const host = await serve((req, res) =>
      req.url === '/health'
        ? res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
        : res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false}'),
    );
    const asking = await serve((req, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(
          `{"success":false,"error":"${req.headers['x-api-key'] ? 'Invalid API key' : 'Missing authorization'}","code":"UNAUTHORIZED"}`,
        ),
    );
    try {
      await expect(run({ ...quiet, baseUrl: host.url })).rejects.toThrow(/API key was refused/);
      await expect(run({ ...quiet, baseUrl: asking.url })).rejects.toThrow(/API key was refused/);
    } finally {
      await asking.close();
      await host.close();
    }
  });
  it('an unreachable host keeps the cause of "fetch failed"', async () => {
    const host = await serve((_req, res) => res.end());
    await host.close();
    const error = await run({ ...quiet, baseUrl: host.url }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(String((error as Error).message)).toMatch(/ECONNREFUSED/);
  });
  it('a missing baseline or an impossible date is exit 2 before any request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-baseline-'));
    const file = join(dir, 'baseline.json');
    writeFileSync(
      file,
      JSON.stringify({ entries: [{ fingerprint: 'x', reason: 'y', expires: '2027-13-01' }] }),
    );
    let asked = 0;
    const host = await serve((_req, res) => {
      asked++;
      res.writeHead(404).end();
    });
    try {
      await expect(run({ ...quiet, baseUrl: host.url, baselineFile: file })).rejects.toThrow(/2027-13-01/);
      await expect(
        run({ ...quiet, baseUrl: host.url, baselineFile: join(dir, 'none.json') }),
      ).rejects.toThrow(UsageError);
      expect(asked).toBe(0);
    } finally {
      await host.close();
    }
  });
});

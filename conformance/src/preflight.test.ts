import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { type RunOptions, run, UsageError } from './index.js';

// The preflight: a deployment that cannot be judged is exit 2 with the reason, before any check.

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
  it('a refused key is exit 2 with the reason', async () => {
    const host = await serve((req, res) =>
      req.url === '/health'
        ? res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
        : res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false}'),
    );
    try {
      await expect(run({ ...quiet, baseUrl: host.url })).rejects.toThrow(/API key was refused/);
    } finally {
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

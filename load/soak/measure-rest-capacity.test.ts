import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { measureRestCapacity } from './measure-rest-capacity.js';

// The search's runner against fake servers on 127.0.0.1: the real REST mix goes out, and what the
// fake answers decides the steps. (Only verdicts that no machine's speed can change are asserted: a
// server that always takes 700 ms, or one that always answers 503, holds no rate.)

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

async function fake(answer: { status: number; delayMs: number }): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = [];
  const listener = createServer((request, response) => {
    paths.push(`${request.method} ${request.url}`);
    request.resume();
    setTimeout(() => {
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(
        answer.status === 200 ? '{"meetings":[],"has_more":false}' : '{"error":{"code":"unavailable"}}',
      );
    }, answer.delayMs);
  });
  server = listener;
  await new Promise<void>((listening) => listener.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`, paths };
}

const options = (baseUrl: string) => ({
  baseUrl,
  partnerSegment: 'partner',
  auth: { apiKey: 'key' },
  runId: 'test-run',
  rates: [4, 8],
  stepSeconds: 1,
  log: () => {},
});

describe('measureRestCapacity', () => {
  it('a server slower than the REST budget holds no rate, and the search stops at the first', async () => {
    const { url, paths } = await fake({ status: 200, delayMs: 700 });
    const result = await measureRestCapacity(options(url));
    expect(result.held).toBe(0);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]?.reasons.join()).toMatch(/ms > 500 ms/);
    expect(paths.some((p) => p.startsWith('POST /'))).toBe(true);
  });

  it('a server answering 503 holds no rate, whatever its speed', async () => {
    const { url } = await fake({ status: 503, delayMs: 0 });
    const result = await measureRestCapacity(options(url));
    expect(result).toMatchObject({ held: 0, stoppedBy: 'failed' });
    expect(result.steps[0]?.reasons.join()).toMatch(/answers not 200/);
    expect(result.steps[0]?.stats.answers).toBeGreaterThan(0);
  });
});

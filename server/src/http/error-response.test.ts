import { createServer } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema } from '../../test-support/test-server.js';
import { ApiError } from '../core/api-error.js';
import { EngineFailedError, EngineUnavailableError } from '../engines/engine.js';
import { OutboundTimeoutError } from '../net/outbound-errors.js';
import { sendError } from './error-response.js';
import { createMetrics } from './metrics.js';
import { requestHandler } from './request-handler.js';
import { RouteTable } from './route-table.js';

const throwers: Record<string, () => never> = {
  conflict: () => {
    throw new ApiError('CONFLICT', 'Already there');
  },
  unavailable: () => {
    throw new EngineUnavailableError('stt', 'pocketsphinx is not installed');
  },
  failed: () => {
    throw new EngineFailedError('llm', 'upstream answered 500');
  },
  timeout: () => {
    throw new OutboundTimeoutError('https://example.com/a.wav', 1000);
  },
  'engine-timeout': () => {
    const cause = new OutboundTimeoutError('https://llm.example.com/v1/chat/completions', 300);
    throw new EngineFailedError('translate', cause.message, { cause });
  },
  crash: () => {
    throw new Error('secret internals at /srv/db password=hunter2');
  },
};

let url: string;
let close: () => void;
const logged: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(line) });
  const routes = new RouteTable();
  for (const [name, thrower] of Object.entries(throwers)) {
    routes.add({
      method: 'GET',
      path: `/${name}`,
      serve: (_req, res) => {
        try {
          thrower();
        } catch (error) {
          sendError(res, error);
        }
      },
    });
  }
  const metrics = createMetrics({ processMetrics: false });
  const listener = createServer(requestHandler({ logger, metrics, routes }));
  listener.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  const address = listener.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  close = () => listener.close();
});
afterAll(() => close());

async function get(path: string) {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('error answers', () => {
  it.each([
    ['conflict', 409, 'CONFLICT'],
    ['unavailable', 503, 'ENGINE_UNAVAILABLE'],
    ['failed', 502, 'UPSTREAM_FAILED'],
    ['timeout', 504, 'UPSTREAM_TIMEOUT'],
    ['engine-timeout', 504, 'UPSTREAM_TIMEOUT'],
    ['crash', 500, 'INTERNAL'],
    ['no-such-path', 404, 'NOT_FOUND'],
  ])('%s -> %i %s with the api-error body', async (path, status, code) => {
    const reply = await get(`/${path}`);
    expect(reply.status).toBe(status);
    expectSchema('api-error', reply.body);
    expect(reply.body.code).toBe(code);
  });

  it('a 500 tells the client nothing of the cause, and logs it with the request id', async () => {
    const id = 'req-crash';
    const response = await fetch(`${url}/crash`, { headers: { 'X-Request-Id': id } });
    expect(response.headers.get('X-Request-Id')).toBe(id);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toEqual({ success: false, error: 'Internal server error', code: 'INTERNAL' });
    const line = logged.map((l) => JSON.parse(l)).find((l) => l.reqId === id && l.err);
    expect(line?.err?.message).toContain('hunter2');
  });
});

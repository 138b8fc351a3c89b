import { fork } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { validate } from '@parley/schemas';
import { allRoutes, ErrorText, type RouteSpec } from '../../src/core/contracts.js';
import { BENCH_ROUTES, type BenchRoute } from './bench-data.js';
import { stopChild, track } from './children.js';
import { NODE_FLAGS, type Target } from './target.js';

// The floor: the least a Node server must do for these routes. Bare node:http, the API key compared
// as a string, the body read and parsed, checked with the same ajv validators as the reference
// server, and a fixed answer (a real answer of the reference server) serialized on every request. No
// framework, no database. What the reference server spends above this is its own overhead.

export interface FloorConfig {
  keys: Record<BenchRoute, string>;
  answers: Record<BenchRoute, unknown>;
}

const CHILD_FLAG = '--floor-child';
const START_TIMEOUT_MS = 20_000;

export function createFloorServer(config: FloorConfig): Server {
  const catalog: readonly RouteSpec[] = allRoutes;
  const routes = new Map(
    BENCH_ROUTES.map((route) => {
      const spec = catalog.find((r) => r.name === route);
      if (!spec?.request) throw new Error(`route ${route} has no request schema in the catalog`);
      return [spec.path, { route, schema: spec.request, answer: config.answers[route] }];
    }),
  );
  return createServer((req, res) => {
    const entry = req.method === 'POST' ? routes.get(req.url ?? '') : undefined;
    if (!entry) return send(res, 404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
    if (req.headers['x-api-key'] !== config.keys[entry.route]) {
      req.resume();
      return send(res, 401, { success: false, error: ErrorText.invalidKey, code: 'UNAUTHORIZED' });
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = chunks.length === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { success: false, error: ErrorText.invalidJson, code: 'BAD_REQUEST' });
      }
      const result = validate(entry.schema, body);
      if (!result.ok) return send(res, 422, { detail: result.detail });
      send(res, 200, entry.answer);
    });
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** The floor server in a child process of its own, answering with `config`. */
export async function startFloor(config: FloorConfig): Promise<Target> {
  const child = track(
    fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
      execArgv: NODE_FLAGS,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('floor server did not start')), START_TIMEOUT_MS);
    child.once('exit', (code) => reject(new Error(`floor server exited (${code}) before listening`)));
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.send(config);
  }).catch(async (error: unknown) => {
    await stopChild(child);
    throw error;
  });
  return {
    name: 'floor',
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    keys: config.keys,
    stop: () => stopChild(child),
  };
}

if (process.argv.includes(CHILD_FLAG)) {
  process.once('message', (config: FloorConfig) => {
    const server = createFloorServer(config);
    server.listen(0, '127.0.0.1', () => {
      process.send?.({ port: (server.address() as AddressInfo).port });
    });
    process.once('SIGTERM', () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
  });
}

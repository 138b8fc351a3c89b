import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRoute } from './bench-data.js';
import { freePort, logFile, stopChild, track, waitForHttp } from './children.js';
import type { Target, Unavailable } from './target.js';

// Stoplight Prism's mock server on schemas/openapi.yaml: what a client developer would get from the
// contract alone (request validation against the document, the documented example as the answer).
// Prism 5.16 declares Node >= 24 but runs on the Node 22 the repo uses; when it does not start, the
// bench reports why instead of failing.

const OPENAPI = fileURLToPath(new URL('../../../schemas/openapi.yaml', import.meta.url));
const START_TIMEOUT_MS = 60_000;

function prismEntry(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = require(manifestPath) as { bin: string | Record<string, string>; version: string };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.prism;
  if (!bin) throw new Error('@stoplight/prism-cli names no prism binary');
  return join(dirname(manifestPath), bin);
}

export async function startPrism(
  logDir: string,
  keys: Record<BenchRoute, string>,
): Promise<Target | Unavailable> {
  let entry: string;
  try {
    entry = prismEntry();
  } catch (error) {
    return { name: 'prism', unavailable: `@stoplight/prism-cli not installed (${(error as Error).message})` };
  }
  const port = await freePort();
  const log = logFile(join(logDir, 'prism.log'));
  const child = track(
    spawn(process.execPath, [entry, 'mock', '--host', '127.0.0.1', '--port', String(port), OPENAPI], {
      stdio: ['ignore', log.fd, log.fd],
    }),
  );
  log.close();
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/health`, child, START_TIMEOUT_MS);
    return { name: 'prism', baseUrl, pid: child.pid, keys, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    const tail = log.tail(400).split('\n').slice(-3).join(' | ');
    return { name: 'prism', unavailable: `${(error as Error).message}${tail ? `: ${tail}` : ''}` };
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from './fake-deployment.js';

// For the tests that look at a running kit from outside: a deployment that holds the preflight's
// keyed request (get-meetings) unanswered until released, so the kit is known to be running, with
// its configuration read, while the test looks at it; and the command lines of the machine's
// processes, as any user of it can read them.

export interface HeldDeployment {
  url: string;
  /** Resolves with the X-API-Key of the first get-meetings, while that request waits. */
  arrived: Promise<string>;
  /** Answers the held request (and every later one at once). */
  release(): void;
  close(): Promise<void>;
}

export async function heldDeployment(): Promise<HeldDeployment> {
  let arrive: (key: string) => void = () => {};
  const arrived = new Promise<string>((resolve) => {
    arrive = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((req, res) => {
    if (req.url === '/v1/get-meetings') {
      arrive(String(req.headers['x-api-key'] ?? ''));
      void released.then(() => json(res, 200, { success: true, meetings: [], has_more: false }));
      return;
    }
    json(res, 200, { status: 'ok' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A process's argv as /proc/<pid>/cmdline has it (NUL-separated); [] once it is gone. */
export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** Every process whose command line contains one of `secrets`, with the secret found. */
export function processesShowing(secrets: string[]): { pid: number; secret: string; argv: string[] }[] {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = commandLine(Number(entry));
    const text = argv.join(' ');
    const secret = secrets.find((s) => text.includes(s));
    if (secret) found.push({ pid: Number(entry), secret, argv });
  }
  return found;
}

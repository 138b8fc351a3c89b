import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnWatched, type WatchedChild } from '@parley/test-browser/child-process';

// The reference server in a process of its own, for tests that need a real process: one killed
// with SIGKILL, one a browser talks to, or the bundle as `npm start` runs it. By default it runs as
// `npm run start:dev` does (src/main.ts through tsx); `bundle: true` runs dist/main.js on plain Node
// (build it first: scripts/build.mjs). It listens on 127.0.0.1 at a free port, on the embedded
// SQLite database in `dataDir` (the caller's: a restarted process may reuse it).

export const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const SOURCE_ENTRY = ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'src/main.ts'];
const BUNDLE_ENTRY = ['--disable-warning=ExperimentalWarning', 'dist/main.js'];

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** The demo account's API key and the admin token the server printed. */
  demoKey: string;
  adminToken: string;
  /** SIGTERM, resolved with the exit code once the process has exited. */
  stop(): Promise<number | null>;
  /** SIGKILL (no shutdown of any kind), resolved once the process has exited. */
  kill(): Promise<number | null>;
}

export interface SpawnOptions {
  /** Environment over the test's own (PORT, HOST, the data directory and LOG_LEVEL are set here). */
  env?: Record<string, string>;
  /** Run the built bundle (dist/main.js) instead of the sources. */
  bundle?: boolean;
  /** Run as this user and its group (root's tests run as nobody what root would be allowed). */
  uid?: number;
}

function spawnMain(dataDir: string, options: SpawnOptions): WatchedChild {
  return spawnWatched(process.execPath, options.bundle ? BUNDLE_ENTRY : SOURCE_ENTRY, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PARLEY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
}

/** Starts the server; resolves once its banner says it listens (credentials and a curl line). */
export function spawnServer(dataDir: string, options: SpawnOptions = {}): Promise<SpawnedServer> {
  const { child, exited } = spawnMain(dataDir, options);
  const signal = (name: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return new Promise((resolve, reject) => {
    let banner = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const url = /Parley reference server: (\S+)/.exec(banner)?.[1];
      const demoKey = /demo API key\s+(\S+)/.exec(banner)?.[1];
      const adminToken = /admin token\s+(\S+)/.exec(banner)?.[1];
      if (url && demoKey && adminToken && banner.includes('curl')) {
        resolve({ child, url, demoKey, adminToken, stop: signal('SIGTERM'), kill: signal('SIGKILL') });
      }
    });
    exited.then((code) => reject(new Error(`server exited with ${code}: ${banner}`)), reject);
  });
}

/** How a start that fails ends: its exit code and everything it wrote to stderr. */
export interface FailedStart {
  code: number | null;
  stderr: string;
}

/**
 * Runs the server as `spawnServer` does, expecting it to stop by itself (a start-up failure);
 * resolves when it exits. A start that succeeds instead is killed once its banner is out.
 */
export function spawnFailingServer(dataDir: string, options: SpawnOptions = {}): Promise<FailedStart> {
  const { child, exited } = spawnMain(dataDir, options);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.includes('Parley reference server:')) child.kill('SIGKILL');
  });
  return exited.then((code) => ({ code, stderr }));
}

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The reference server in a process of its own, as `npm run start:dev` runs it (src/main.ts through
// tsx, every engine, the demo account), for tests that need a real process: one killed with
// SIGKILL, or one a browser talks to. It listens on 127.0.0.1 at a free port, on the embedded
// SQLite database in `dataDir` (the caller's: a restarted process may reuse it).

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  /** The demo account's API key the server printed. */
  demoKey: string;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL (no shutdown of any kind), resolved once the process has exited. */
  kill(): Promise<void>;
}

/** Starts the server; resolves once its banner says it listens (with the demo key and a curl line). */
export function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
      if (url && demoKey && banner.includes('curl')) {
        resolve({ child, url, demoKey, stop: signal('SIGTERM'), kill: signal('SIGKILL') });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${banner}`)));
  });
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The reference server the soak runs against when no BASE_URL is given: the bundle `npm start`
// runs (built first, skipped when nothing changed), in a process of its own so the soak can read
// its /proc files, on a fresh SQLite database in `dataDir`, at a free port of 127.0.0.1. What the
// soak needs from it is read from its start banner: the URL, the demo key, its password, the OAuth
// client and the demo user's e-mail.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 120_000;

export interface ReferenceServer {
  child: ChildProcess;
  pid: number;
  url: string;
  apiKey: string;
  adminToken: string;
  demoEmail: string;
  demoPassword: string;
  clientId: string;
  clientSecret: string;
  /** The OAuth client's registered redirect URI (from the banner's authorize URL). */
  redirectUri: string;
  /** SIGTERM (graceful), resolved with the exit code. */
  stop(): Promise<number | null>;
}

export function startReferenceServer(
  dataDir: string,
  env: Record<string, string>,
  /** Node's own flags for the server (profiling: `--cpu-prof`, `--heap-prof`, `--trace-gc`; NODE_OPTIONS refuses some). */
  nodeFlags: readonly string[] = [],
): Promise<ReferenceServer> {
  const built = spawnSync(process.execPath, ['server/scripts/build.mjs'], { cwd: REPO, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`server build failed (exit ${built.status})`);
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', ...nodeFlags, 'server/dist/main.js'],
    {
      cwd: REPO,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let banner = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server printed no banner within ${START_TIMEOUT_MS / 1000} s: ${banner}`));
    }, START_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (banner.includes('curl')) return; // later log lines are not kept
      banner += chunk.toString();
      const field = (pattern: RegExp) => pattern.exec(banner)?.[1];
      const url = field(/Parley reference server: (\S+)/);
      const apiKey = field(/demo API key\s+(\S+)/);
      const adminToken = field(/admin token\s+(\S+)/);
      const demoEmail = field(/demo user\s+(\S+)/);
      const demoPassword = field(/demo password\s+(\S+)/);
      const client = /OAuth client\s+(\S+) \/ (\S+)/.exec(banner);
      const authorize = field(/authorize URL\s+(\S+)/);
      if (!banner.includes('curl') || !url || !apiKey || !adminToken || !demoEmail || !demoPassword) return;
      if (!client || !authorize) return;
      clearTimeout(timer);
      resolve({
        child,
        pid: child.pid ?? 0,
        url,
        apiKey,
        adminToken,
        demoEmail,
        demoPassword,
        clientId: client[1] ?? '',
        clientSecret: client[2] ?? '',
        redirectUri: new URL(authorize).searchParams.get('redirect_uri') ?? '',
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it listened: ${banner}`));
    });
  });
}

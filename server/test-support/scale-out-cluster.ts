import { type ChildProcess, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnWatched } from '@parley/test-browser/child-process';
import { type S3TestServer, startS3TestServer } from './s3-test-server.js';

// Several real server processes (src/main.ts, as `npm run start:dev` runs it) on one PostgreSQL
// database and one S3-compatible bucket, behind HAProxy (Debian's `haproxy`) balancing round robin
// on 127.0.0.1: what server/scale-out.md describes, for scale-out.processes.test.ts and
// bench/scale-out.bench.ts. The first process writes credentials.json; the others are given a copy
// of it, as an operator would, so every process shares the admin token, file secret and demo
// account.

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 45_000;

export interface ClusterProcess {
  name: string;
  url: string;
  child: ChildProcess;
}

export interface ScaleOutCluster {
  /** The balancer's URL. */
  url: string;
  processes: ClusterProcess[];
  adminToken: string;
  demoKey: string;
  s3: S3TestServer;
  close(): Promise<void>;
}

/** True when Debian's haproxy is installed (scripts/setup.sh installs it). */
export function haproxyInstalled(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * HAProxy settings the live stream needs: `timeout tunnel` (an upgraded WebSocket's idle limit)
 * above the stream's own 30 s idle timeout, so the server, not the balancer, ends an idle stream;
 * WebSocket upgrades pass through HTTP mode as they are. Each request is balanced on its own
 * (round robin), and the answering server is named in X-Parley-Backend.
 */
export function haproxyConfig(port: number, servers: { name: string; url: string }[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 120s',
    '  timeout http-keep-alive 10s',
    'frontend parley',
    `  bind 127.0.0.1:${port}`,
    '  default_backend parley_servers',
    'backend parley_servers',
    '  balance roundrobin',
    '  http-response set-header X-Parley-Backend %s',
    ...servers.map((s) => `  server ${s.name} ${new URL(s.url).host}`),
    '',
  ].join('\n');
}

export async function startScaleOutCluster(options: {
  databaseUrl: string;
  processes?: number;
  env?: Record<string, string>;
}): Promise<ScaleOutCluster> {
  const count = options.processes ?? 2;
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const s3 = await startS3TestServer();
  const balancerPort = await freePort();
  const balancerUrl = `http://127.0.0.1:${balancerPort}`;
  let stopBalancer = async () => {};
  const close = async () => {
    await stopBalancer();
    await Promise.all(children.map(stop));
    await s3.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const processes: ClusterProcess[] = [];
    let first: { adminToken: string; demoKey: string } | undefined;
    for (let i = 0; i < count; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'parley-scale-'));
      dirs.push(dataDir);
      if (dirs[0] && i > 0)
        copyFileSync(join(dirs[0], 'credentials.json'), join(dataDir, 'credentials.json'));
      const port = await freePort();
      const started = await startProcess(port, {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl,
        PARLEY_PUBLIC_URL: balancerUrl,
        LOG_LEVEL: 'warn',
        ...s3.env,
        ...options.env,
      });
      children.push(started.child);
      first ??= started;
      processes.push({ name: `p${i + 1}`, url: started.url, child: started.child });
    }
    const balancer = await startHaproxy(balancerPort, processes, dirs[0] ?? tmpdir());
    stopBalancer = balancer.close;
    if (!first) throw new Error('no process started');
    return { url: balancerUrl, processes, adminToken: first.adminToken, demoKey: first.demoKey, s3, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function startProcess(
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string; demoKey: string; adminToken: string }> {
  // The banner names PARLEY_PUBLIC_URL (the balancer), so the process's own address is its port.
  const { child, exited } = spawnWatched(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'src/main.ts'],
    { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const demoKey = /demo API key\s+(\S+)/.exec(output)?.[1];
      const adminToken = /admin token\s+(\S+)/.exec(output)?.[1];
      if (demoKey && adminToken && output.includes('curl')) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}`, demoKey, adminToken });
      }
    });
    exited.then(
      (code) => reject(new Error(`server exited with ${code}: ${output}`)),
      (error: unknown) => reject(error),
    );
    exited.finally(() => clearTimeout(timer)).catch(() => {});
  });
}

/** HAProxy on 127.0.0.1:`port` in front of `servers` (its config file written into `dir`). */
export async function startHaproxy(
  port: number,
  servers: { name: string; url: string }[],
  dir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const configPath = join(dir, `haproxy-${port}.cfg`);
  writeFileSync(configPath, haproxyConfig(port, servers));
  const { child: haproxy, exited } = spawnWatched('haproxy', ['-db', '-f', configPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // waitForHealth notices an exit; `exited` adds a start that failed (no 'exit' event follows it).
    await Promise.race([waitForHealth(url, haproxy), exited.then(() => new Promise<never>(() => {}))]);
  } catch (error) {
    await stop(haproxy);
    throw error;
  }
  return { url, close: () => stop(haproxy) };
}

async function waitForHealth(url: string, haproxy: ChildProcess): Promise<void> {
  let output = '';
  haproxy.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (let i = 0; i < 100; i++) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`haproxy did not answer: ${output}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

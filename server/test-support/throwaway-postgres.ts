import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cannotRunAs, runSync, SYSTEM_NODE, spawnWatched } from '@parley/test-browser/child-process';

// A PostgreSQL cluster of the test's own, on a free port in a temp folder, that the test may stop and
// start again (the shared one of `.ci/start-postgres.sh` must stay up for the other tests). Debian's
// server binaries (`apt-get install postgresql`); as root the cluster runs as the `postgres` system
// user, since initdb refuses root. Nothing but test data: trust authentication, no fsync (a stop
// with `-m fast` still checkpoints, so a committed row survives a stop and start).

const PG_ROOT = '/usr/lib/postgresql';

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** `pg_ctl stop -m fast`: sessions are ended, the cluster shut down cleanly. */
  stop(): Promise<void>;
  /** `pg_ctl start`, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Stops the cluster if it runs and removes its folder. */
  destroy(): Promise<void>;
}

function pgBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest && join(PG_ROOT, newest, 'bin');
}

/** The `postgres` user's uid when running as root (initdb refuses root), else this process's. */
function serverUid(): number | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = runSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  return id.status === 0 ? Number(id.stdout.trim()) : Number.NaN;
}

/** Why no throwaway cluster can run here, or undefined: a skipped test names it. */
export function throwawayPostgresMissing(): string | undefined {
  const bin = pgBin();
  if (!bin) return `no PostgreSQL server binaries under ${PG_ROOT} (apt-get install postgresql)`;
  const uid = serverUid();
  if (uid === undefined) return undefined;
  if (Number.isNaN(uid)) return 'running as root, and there is no postgres user to run the cluster as';
  // The system's Node asks: this process's may lie in a private checkout the postgres user cannot enter.
  const reason = cannotRunAs(uid, [tmpdir(), join(bin, 'postgres')], SYSTEM_NODE);
  return reason && `the postgres user cannot run the cluster: ${reason}`;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = pgBin();
  if (!bin) throw new Error(throwawayPostgresMissing());
  const uid = serverUid();
  const dir = mkdtempSync(join(tmpdir(), 'parley-pg-'));
  if (uid !== undefined) chownSync(dir, uid, uid);
  const port = await freePort();
  const data = join(dir, 'data');
  // Asynchronous, so that a server in this process keeps answering while the cluster stops or starts.
  const asServer = async (tool: string, args: string[]) => {
    const [command, argv] =
      uid === undefined
        ? [join(bin, tool), args]
        : ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]];
    const run = spawnWatched(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    run.child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    run.child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await run.exited;
    if (code !== 0) throw new Error(`${tool} ${args.join(' ')} exited with ${code}: ${output}`);
  };
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
  const start = () =>
    asServer('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', '-o', options, 'start']);
  const stop = () => asServer('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  let running = false;
  try {
    await asServer('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
    ]);
    await start();
    running = true;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

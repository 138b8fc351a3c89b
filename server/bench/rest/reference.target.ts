import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchRoute, benchUsers, MEETINGS, REQUEST_BODIES } from './bench-data.js';
import { freePort, logFile, stopChild, track, waitForHttp } from './children.js';
import { NODE_FLAGS, postJson, type Target } from './target.js';

// The reference server as a user runs it: `npm start`'s bundle (built first if a source changed,
// by the same scripts/build.mjs) in its own process, a fresh data directory with the embedded
// SQLite database, seeded through the emulator admin routes. Another entry (src/main.ts, run
// through tsx as `npm run start:dev` does) can be given instead.

const BUILD = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const BUILT_FLAGS = ['--disable-warning=ExperimentalWarning'];

export interface ReferenceOptions {
  dataDir: string;
  logLevel: string;
  /** Directory for a V8 CPU profile (`--cpu-prof`), written when the server stops. */
  cpuProfDir?: string;
  /** Another server entry (src/main.ts, or a patched copy); the built bundle, dist/main.js, by default. */
  main?: string;
}

export interface ReferenceTarget extends Target {
  /** Real answers of this server, which the floor server replays. */
  answers: Record<BenchRoute, unknown>;
}

export async function startReference(options: ReferenceOptions): Promise<ReferenceTarget> {
  const port = await freePort();
  const adminToken = randomBytes(24).toString('base64url');
  const log = logFile(join(options.dataDir, 'reference.log'));
  // Only the bench's settings: a developer's PARLEY_*/DATABASE_URL must not redirect the run.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PARLEY_') && name !== 'DATABASE_URL'),
  );
  const profiling = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  if (!options.main) execFileSync(process.execPath, [BUILD], { stdio: ['ignore', 'ignore', 'inherit'] });
  const main = options.main ?? MAIN;
  // A built entry runs as `npm start` runs it, plain Node on the bundle; sources run through tsx.
  const loader = main.endsWith('.js') ? BUILT_FLAGS : NODE_FLAGS;
  const child = track(
    spawn(process.execPath, [...loader, ...profiling, main], {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PARLEY_DATA_DIR: join(options.dataDir, 'reference'),
        PARLEY_ADMIN_TOKEN: adminToken,
        LOG_LEVEL: options.logLevel,
      },
      stdio: ['ignore', log.fd, log.fd],
    }),
  );
  log.close();
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/health`, child, START_TIMEOUT_MS);
    const { keys, seed } = benchUsers();
    const admin = { authorization: `Bearer ${adminToken}` };
    await postJson(`${baseUrl}/_emulator/seed`, seed, admin);
    const answers = {
      'get-meetings': await postJson<{ meetings: unknown[] }>(
        `${baseUrl}/v1/get-meetings`,
        REQUEST_BODIES['get-meetings'],
        { 'x-api-key': keys['get-meetings'] },
      ),
      'create-meeting': await postJson(`${baseUrl}/v1/create-meeting`, REQUEST_BODIES['create-meeting'], {
        'x-api-key': keys['create-meeting'],
      }),
    };
    const listed = answers['get-meetings'].meetings.length;
    if (listed !== MEETINGS) throw new Error(`get-meetings listed ${listed} meetings, not ${MEETINGS}`);
    return {
      name: 'reference',
      baseUrl,
      pid: child.pid,
      keys,
      answers,
      stop: () => stopChild(child),
    };
  } catch (error) {
    await stopChild(child);
    throw new Error(`reference server: ${(error as Error).message}\n${log.tail()}`);
  }
}

// REST throughput of the reference server next to two yardsticks, under the same autocannon load:
//   reference  the server as `npm start` runs it (its bundle, built first when a source changed;
//              child process, SQLite in a temp data dir, seeded via /_emulator)
//   floor      bare node:http + the same ajv validators, replaying a real reference answer
//   prism      Stoplight Prism's mock of schemas/openapi.yaml
// Routes: get-meetings (50 meetings in the database, limit 50) and create-meeting. The servers take
// turns in rounds (the order reversed every other round), so each ratio compares runs seconds
// apart. Prints req/s, p50/p99 latency and errors per round, and the reference/floor and
// reference/Prism ratios (the median of the rounds'); asserts nothing.
//
// Run: npm run bench:rest   (env: BENCH_ROUNDS=3 BENCH_CONNECTIONS=10 BENCH_DURATION_S=5 BENCH_WARMUP_S=3
//   BENCH_FIRST_WARMUP_S=10 (a server's first run of a route)
//   BENCH_SERVERS=reference,floor,prism BENCH_ROUTES=get-meetings,create-meeting BENCH_LOG_LEVEL=info
//   BENCH_CPU_PROF=<dir>: profile the reference server with --cpu-prof and print where its time went
//   (frames in the bundle are put back in their source files);
//   BENCH_REFERENCE_MAIN=<file>: run another server entry, e.g. src/main.ts through tsx, or a patched copy)

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCH_ROUTES, type BenchRoute } from './bench-data.js';
import { installCleanup, stopAll } from './children.js';
import { startFloor } from './floor.server.js';
import { type LoadOptions, measure } from './load.js';
import { startPrism } from './prism.target.js';
import { summarizeProfiles } from './profile-summary.js';
import { startReference } from './reference.target.js';
import { formatRatios, formatTable, type Row } from './report.js';
import { isAvailable, type Target, type Unavailable } from './target.js';

const SERVERS = ['reference', 'floor', 'prism'] as const;
type ServerName = (typeof SERVERS)[number];

function numberEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
}

function listEnv<T extends string>(name: string, allowed: readonly T[]): T[] {
  const raw = process.env[name]?.trim();
  if (!raw) return [...allowed];
  const picked = raw.split(',').map((item) => item.trim());
  const unknown = picked.filter((item) => !allowed.includes(item as T));
  if (unknown.length > 0)
    throw new Error(`${name}: unknown ${unknown.join(', ')} (known: ${allowed.join(', ')})`);
  return picked as T[];
}

const load: LoadOptions = {
  connections: Math.max(1, Math.round(numberEnv('BENCH_CONNECTIONS', 10))),
  warmupSeconds: numberEnv('BENCH_WARMUP_S', 3),
  durationSeconds: Math.max(1, numberEnv('BENCH_DURATION_S', 5)),
};
const rounds = Math.max(1, Math.round(numberEnv('BENCH_ROUNDS', 3)));
// A server's first run of a route warms it up longer: with 3 s, Prism's first round ran at 450–594
// req/s against 527–925 in the next two, in every run of four (its JIT still warming), which
// flattered the reference's ratio.
const firstWarmupSeconds = numberEnv('BENCH_FIRST_WARMUP_S', 10);
const servers = listEnv<ServerName>('BENCH_SERVERS', SERVERS);
const routes = listEnv<BenchRoute>('BENCH_ROUTES', BENCH_ROUTES);
const logLevel = process.env.BENCH_LOG_LEVEL?.trim() || 'info';
const pathEnv = (name: string) => {
  const value = process.env[name]?.trim();
  return value ? resolve(value) : undefined;
};
const cpuProfDir = pathEnv('BENCH_CPU_PROF');
const referenceMain = pathEnv('BENCH_REFERENCE_MAIN');

// The whole run is bounded: starting the servers, then each run's warm-up, duration and a margin.
const budgetMs =
  120_000 +
  servers.length *
    routes.length *
    (firstWarmupSeconds + rounds * (load.warmupSeconds + load.durationSeconds + 20)) *
    1000;
const watchdog = setTimeout(() => {
  process.stderr.write(`bench exceeded its ${Math.round(budgetMs / 1000)} s budget; stopping\n`);
  void stopAll().finally(() => process.exit(1));
}, budgetMs);

const progress = (line: string) => process.stderr.write(`${line}\n`);
const loadLine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

async function main(): Promise<void> {
  installCleanup();
  const workDir = mkdtempSync(join(tmpdir(), 'parley-bench-rest-'));
  if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
  const header = [
    `REST bench — ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
    `${loadLine()} at start; ${rounds} rounds, ${load.connections} connections, ${load.warmupSeconds} s warm-up (${firstWarmupSeconds} s in round 1) + ${load.durationSeconds} s per run; reference LOG_LEVEL=${logLevel}`,
    ...(referenceMain ? [`reference server entry: ${referenceMain}`] : []),
  ];
  progress(header.join('\n'));

  const targets: (Target | Unavailable)[] = [];
  const rows: Row[] = [];
  try {
    progress('starting the reference server (SQLite, seeding 50 meetings)…');
    const reference = await startReference({
      dataDir: workDir,
      logLevel,
      ...(cpuProfDir ? { cpuProfDir } : {}),
      ...(referenceMain ? { main: referenceMain } : {}),
    });
    if (servers.includes('reference')) targets.push(reference);
    if (servers.includes('floor')) {
      progress('starting the floor server…');
      targets.push(await startFloor({ keys: reference.keys, answers: reference.answers }));
    }
    if (servers.includes('prism')) {
      progress('starting Prism…');
      targets.push(await startPrism(workDir, reference.keys));
    }
    for (const route of routes) {
      for (let round = 1; round <= rounds; round++) {
        for (const target of round % 2 ? targets : [...targets].reverse()) {
          if (!isAvailable(target)) {
            rows.push({ route, server: target.name, round, unavailable: target.unavailable });
            continue;
          }
          progress(`${route} on ${target.name}, round ${round}/${rounds}…`);
          const warmupSeconds = round === 1 ? firstWarmupSeconds : load.warmupSeconds;
          const measurement = await measure(target, route, { ...load, warmupSeconds });
          rows.push({ route, server: target.name, round, measurement });
        }
      }
    }
  } finally {
    await stopAll();
    clearTimeout(watchdog);
    rmSync(workDir, { recursive: true, force: true });
  }

  const lines = [
    '',
    ...header,
    '',
    formatTable(rows),
    '',
    formatRatios(rows, routes),
    '',
    `${loadLine()} at end (2 cores: autocannon and the server under test share them)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (cpuProfDir) process.stdout.write(`\n${summarizeProfiles(cpuProfDir)}\n`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    process.stderr.write(`REST bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll();
    process.exit(1);
  },
);

// Throughput of one server process against two behind HAProxy, on one PostgreSQL database, in the
// same run and under the same autocannon load (keep-alive connections from this process):
//   one direct     one process, no balancer
//   one + haproxy  the same process behind HAProxy (what the balancer alone costs)
//   two + haproxy  two processes behind HAProxy, round robin (testing/scale-out-cluster.ts)
// Routes: get-meetings (50 meetings, limit 50: the busiest read) and create-meeting (a write).
// Prints req/s, p50/p99 and the ratios two/one; the load average before and after. Asserts nothing.
// The processes run src/main.ts through tsx; figures: scale-out.results.md beside this file.
//
// Run: npm run bench:scale -w server   (needs PARLEY_TEST_PG_URL or PARLEY_BENCH_PG_URL, and haproxy;
//   env: BENCH_CONNECTIONS=20 BENCH_DURATION_S=10 BENCH_WARMUP_S=3 BENCH_ROUNDS=2)

import { loadavg, tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { testDatabases } from '../test-support/databases.js';
import {
  freePort,
  haproxyInstalled,
  startHaproxy,
  startScaleOutCluster,
} from '../test-support/scale-out-cluster.js';
import { BENCH_ROUTES, type BenchRoute, benchUsers, REQUEST_BODIES } from './rest/bench-data.js';

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
};
const connections = Math.max(1, Math.round(numberEnv('BENCH_CONNECTIONS', 20)));
const durationSeconds = Math.max(1, numberEnv('BENCH_DURATION_S', 10));
const warmupSeconds = numberEnv('BENCH_WARMUP_S', 3);
// Setups take turns round after round, so a slow start or a burst of other load on the machine
// does not fall on one setup only.
const rounds = Math.max(1, Math.round(numberEnv('BENCH_ROUNDS', 2)));

interface Result {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function fire(url: string, route: BenchRoute, key: string, seconds: number) {
  return autocannon({
    url: `${url}/v1/${route}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: REQUEST_BODIES[route],
    connections,
    duration: seconds,
    timeout: 10,
  });
}

async function measure(url: string, route: BenchRoute, key: string): Promise<Result> {
  if (warmupSeconds > 0) await fire(url, route, key, warmupSeconds);
  const result = await fire(url, route, key, durationSeconds);
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const serverUrl = process.env.PARLEY_BENCH_PG_URL ?? process.env.PARLEY_TEST_PG_URL;
  if (!serverUrl)
    throw new Error('bench:scale needs PARLEY_TEST_PG_URL (or PARLEY_BENCH_PG_URL): a PostgreSQL server');
  if (!haproxyInstalled()) throw new Error('bench:scale needs haproxy (apt-get install haproxy)');
  process.env.PARLEY_TEST_PG_URL = serverUrl;
  const postgres = testDatabases.find((d) => d.name === 'postgres');
  const database = await postgres?.create();
  if (!database) throw new Error('no PostgreSQL database');
  const cluster = await startScaleOutCluster({ databaseUrl: database.url });
  let single: { url: string; close: () => Promise<void> } | undefined;
  try {
    const users = benchUsers();
    const seeded = await fetch(`${cluster.url}/_emulator/seed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cluster.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(users.seed),
    });
    if (!seeded.ok) throw new Error(`seed failed: ${seeded.status} ${await seeded.text()}`);
    const [first] = cluster.processes;
    if (!first) throw new Error('no process');
    single = await startHaproxy(await freePort(), [first], tmpdir());
    const setups = [
      ['one direct', first.url],
      ['one + haproxy', single.url],
      ['two + haproxy', cluster.url],
    ] as const;

    const before = load();
    console.log(
      `bench:scale  ${connections} connections, ${warmupSeconds} s warm-up, ${durationSeconds} s measured, ${rounds} rounds`,
    );
    console.log(`load average before: ${before}`);
    console.log('| route | setup | round | req/s | p50 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|---|---|');
    const ratios: string[] = [];
    for (const route of BENCH_ROUTES) {
      const rates = new Map<string, number[]>();
      for (let round = 1; round <= rounds; round++) {
        for (const [name, url] of setups) {
          const result = await measure(url, route, users.keys[route]);
          rates.set(name, [...(rates.get(name) ?? []), result.reqPerSec]);
          console.log(
            `| ${route} | ${name} | ${round} | ${Math.round(result.reqPerSec)} | ${result.p50Ms} | ${result.p99Ms} | ${result.errors} |`,
          );
        }
      }
      const rate = (name: string) => mean(rates.get(name) ?? []);
      ratios.push(
        `${route} (means of the rounds): two+haproxy / one direct = ${(rate('two + haproxy') / rate('one direct')).toFixed(2)}, ` +
          `two+haproxy / one+haproxy = ${(rate('two + haproxy') / rate('one + haproxy')).toFixed(2)}`,
      );
    }
    for (const line of ratios) console.log(line);
    console.log(
      `load average after: ${load()}  (2 vCPU: load generator, HAProxy, PostgreSQL and the servers share them)`,
    );
  } finally {
    await single?.close();
    await cluster.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// What the hook subscriptions cost the routes that emit events, in-process on a fresh SQLite file:
// create-meeting through MeetingsService with nobody subscribed (the event check only), with a
// subscription to another event (the same check), and with a subscription to meeting-created (the
// check plus the queued job), beside the same run's baseline of the bare check query and a trivial
// query. Then, to a receiver on 127.0.0.1: the rate at which a backlog of deliveries drains (every
// create above queued one, with the worker stopped), and the lag from a create's answer to its
// delivery with the worker polling as the server runs it, at --rate creates/s for --seconds, each
// meeting deleted --delete-after ms after its create answered (the events must arrive all the same).
// `npm run bench:hooks -w server` (knobs: --creates N --rate 40 --seconds 20 --delete-after 200).
// Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HookEvent } from '../src/core/contracts.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../test-support/test-server.js';
import { describeSpread, numberOption, spread } from './bench-kit.js';

const CREATES = numberOption('creates', 1000);
const RATE = numberOption('rate', 40);
const SECONDS = numberOption('seconds', 20);
const DELETE_AFTER_MS = numberOption('delete-after', 200);

const dataDir = mkdtempSync(join(tmpdir(), 'parley-hooks-bench-'));
const load0 = loadavg();
const server = await startTestServer({
  databaseUrl: `sqlite:${join(dataDir, 'bench.sqlite')}`,
  env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' },
});
// The OAuth client whose webhook secret signs the deliveries.
const registered = await server.post(
  '/_emulator/oauth-clients',
  {
    client_id: 'bench-client',
    client_secret: 'bench-client-secret-0123456789',
    name: 'Bench',
    redirect_uris: ['https://platform.example/return'],
  },
  { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
);
if (registered.status !== 200) throw new Error(`client registration answered ${registered.status}`);
const user = await server.user('Bench');
const caller = { userId: user.userId, accountId: user.accountId, email: user.email, name: 'Bench' };
const meetings = server.services.meetings;

async function perCall(label: string, n: number, work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await work();
  const start = performance.now();
  for (let i = 0; i < n; i++) await work();
  const us = ((performance.now() - start) * 1000) / n;
  console.log(`${label.padEnd(58)} ${us.toFixed(1).padStart(8)} µs/call (n=${n})`);
  return us;
}

// Arrival time of each delivery, by the meeting it carries.
const arrivals = new Map<string, number[]>();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    const { id } = JSON.parse(body) as { id: string };
    arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
    res.writeHead(200).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

console.log(`load average at start: ${load0.map((l) => l.toFixed(2)).join(' ')}`);
await perCall('baseline: select 1 (store.ping)', CREATES, () => server.store.ping());
await perCall('baseline: hasEvent(meeting-created), the check alone', CREATES, () =>
  server.store.hookSubscriptions.hasEvent(HookEvent.MEETING_CREATED),
);
await perCall('create-meeting, nobody subscribed', CREATES, () => meetings.create(caller, { title: 'b' }));
await server.store.hookSubscriptions.insert({
  userId: user.userId,
  clientId: 'bench-client',
  event: HookEvent.SUMMARY_READY,
  targetUrl: target,
});
await perCall('create-meeting, a subscription to another event', CREATES, () =>
  meetings.create(caller, { title: 'b' }),
);
await server.store.hookSubscriptions.insert({
  userId: user.userId,
  clientId: 'bench-client',
  event: HookEvent.MEETING_CREATED,
  targetUrl: target,
});
await server.jobs.runDue();
await perCall('create-meeting, subscribed to meeting-created (job queued)', CREATES, () =>
  meetings.create(caller, { title: 'b' }),
);
// The backlog: one delivery per create above (warm-up included), all queued, drained now.
const drainStart = performance.now();
let jobs = 0;
for (let round = 0; round < 1000; round++) {
  const report = await server.jobs.runDue();
  jobs += report.done + report.retried + report.failed;
  if (report.done + report.retried + report.failed === 0) break;
}
const drainS = (performance.now() - drainStart) / 1000;
console.log(
  `backlog: ${jobs} signed deliveries to 127.0.0.1 drained in ${drainS.toFixed(2)} s = ${(jobs / drainS).toFixed(0)} deliveries/s`,
);

// Live: the worker polls as in the server; creates arrive at RATE/s whether or not the previous one
// answered (an open model, as clients do), each meeting deleted a while after its answer.
arrivals.clear();
const answered = new Map<string, number>();
const pending: Promise<unknown>[] = [];
server.jobs.start();
const liveStart = performance.now();
for (let i = 0; i < RATE * SECONDS; i++) {
  const wait = liveStart + (i * 1000) / RATE - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  pending.push(
    meetings.create(caller, { title: 'live' }).then(async ({ meeting }) => {
      answered.set(meeting.id, performance.now());
      await new Promise((resolve) => setTimeout(resolve, DELETE_AFTER_MS));
      await meetings.delete(caller, { meeting_id: meeting.id });
    }),
  );
}
const sentS = (performance.now() - liveStart) / 1000;
await Promise.all(pending);
// Bounded wait for the last deliveries: 30 s past the last create.
for (let waited = 0; waited < 300 && arrivals.size < answered.size; waited++)
  await new Promise((resolve) => setTimeout(resolve, 100));
await server.jobs.stop();
const lags = [...answered].flatMap(([id, at]) => (arrivals.get(id) ?? []).slice(0, 1).map((t) => t - at));
const repeats = [...arrivals.values()].filter((times) => times.length > 1).length;
console.log(
  `live: ${answered.size} creates sent in ${sentS.toFixed(1)} s (${(answered.size / sentS).toFixed(1)}/s), each deleted ${DELETE_AFTER_MS} ms after its answer: ` +
    `${lags.length} delivered, ${answered.size - lags.length} missing, ${repeats} delivered more than once`,
);
console.log(`live lag, create answered → delivery received: ${describeSpread(spread(lags))}`);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
receiver.close();
await server.close();
rmSync(dataDir, { recursive: true, force: true });

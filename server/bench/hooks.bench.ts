// What the hook subscriptions cost the routes that emit events, in-process on a fresh SQLite file:
// create-meeting through MeetingsService with nobody subscribed (the event check only), with a
// subscription to another event (the same check), and with a subscription to meeting-created (the
// check plus the queued job), beside the same run's baseline of the bare check query and a trivial
// query. Then the outbox's throughput for signed deliveries to a receiver on 127.0.0.1.
// `npm run bench:hooks -w server` (knob: --creates N). Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HookEvent } from '../src/core/contracts.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../test-support/test-server.js';
import { numberOption } from './bench-kit.js';

const CREATES = numberOption('creates', 1000);

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

const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200).end());
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
// The queue holds one event per create above (warm-up included); the worker fans each out and
// delivers it: two jobs per event.
const start = performance.now();
let jobs = 0;
for (let round = 0; round < 100; round++) {
  const report = await server.jobs.runDue();
  jobs += report.done + report.retried + report.failed;
  if (report.done + report.retried + report.failed === 0) break;
}
const seconds = (performance.now() - start) / 1000;
console.log(
  `outbox: ${jobs} jobs (fan-outs + signed deliveries to 127.0.0.1) in ${seconds.toFixed(2)} s = ${(jobs / seconds).toFixed(0)} jobs/s`,
);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
receiver.close();
await server.close();
rmSync(dataDir, { recursive: true, force: true });

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  CLIENT,
  connect,
  setPassword,
  startPartnerServer,
} from '../../test-support/partner-oauth.js';
import {
  expectSchema,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';
import { HookEvent } from '../core/contracts.js';
import { HOOK_EVENT_JOB } from '../services/partner/hook-events.js';

// What a hook event is: what happened at its time. Its item is fixed in the transaction that
// caused it, so a meeting deleted right after its create still reaches the subscriber, once; a
// subscription removed or a grant revoked before the delivery stops it.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Events sent at 40 per second, each meeting deleted as soon as its create answered. */
const EVENTS = 200;
const EVENT_INTERVAL_MS = 25;

let server: TestServer;
let ana: TestUser;
let receiver: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = await startPartnerServer({ env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' } });
  ana = await server.user('Ana');
  await setPassword(server, ana);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  receiver?.close();
  await server?.close();
});

async function subscribe(token: string, path: string): Promise<string> {
  const reply = await server.post<{ id: string }>(
    '/api/partner/hooks',
    { event: HookEvent.MEETING_CREATED, target_url: `${base}${path}` },
    bearer(token),
  );
  expect(reply.status).toBe(200);
  return reply.body.id;
}

async function createMeeting(title: string): Promise<string> {
  const reply = await server.call<{ meeting: { id: string } }>('create-meeting', ana.key, { title });
  expect(reply.status).toBe(200);
  return reply.body.meeting.id;
}

/** Steps the outbox until nothing is due (bounded), then returns what reached `path` meanwhile. */
async function drain(path: string): Promise<Received[]> {
  const before = received.length;
  for (let round = 0; round < 200; round++) {
    const report = await server.jobs.runDue();
    if (report.done + report.retried + report.failed === 0) break;
  }
  return received.slice(before).filter((delivery) => delivery.path === path);
}

describe('hook events', () => {
  it('delivers every event exactly once though each meeting is deleted right after its create', async () => {
    const { access } = await connect(server, ana, 'meetings:read');
    const id = await subscribe(access, '/deleted');
    const created = new Map<string, string>();
    for (let i = 0; i < EVENTS; i++) {
      const started = performance.now();
      const title = `Deleted at once ${i}`;
      const meetingId = await createMeeting(title);
      created.set(meetingId, title);
      const deleted = await server.call('delete-meeting', ana.key, { meeting_id: meetingId });
      expect(deleted.status).toBe(200);
      const wait = EVENT_INTERVAL_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const deliveries = await drain('/deleted');
    const items = deliveries.map((d) => JSON.parse(d.body) as { id: string; title: string });
    // Each event once: one delivery per meeting, each with its own webhook-id.
    expect(items).toHaveLength(EVENTS);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(created.keys()));
    expect(new Set(deliveries.map((d) => d.headers['webhook-id'])).size).toBe(EVENTS);
    // The item as it was at its create, in the trigger item's shape.
    for (const item of items) {
      expect(item.title).toBe(created.get(item.id));
      expectSchema('partner-hook-delivery', item);
    }
    expect(await drain('/deleted')).toEqual([]);
    await fetch(`${server.url}/api/partner/hooks/${id}`, { method: 'DELETE', headers: bearer(access) });
  });

  it('stops the deliveries of a subscription removed, or a grant revoked, before they went out', async () => {
    const kept = await connect(server, ana, 'meetings:read');
    const revoked = await connect(server, ana, 'meetings:read');
    const removed = await connect(server, ana, 'meetings:read');
    await subscribe(kept.access, '/kept');
    await subscribe(revoked.access, '/revoked');
    const removedId = await subscribe(removed.access, '/removed');
    const meetingId = await createMeeting('Between event and delivery');

    const unsubscribed = await fetch(`${server.url}/api/partner/hooks/${removedId}`, {
      method: 'DELETE',
      headers: bearer(removed.access),
    });
    expect(unsubscribed.status).toBe(200);
    const revocation = await fetch(`${server.url}/api/oauth/partner/revoke`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: revoked.refresh }),
    });
    expect(revocation.status).toBe(200);

    const before = received.length;
    await drain('/kept');
    const reached = received.slice(before);
    // The subscription that stayed gets the event: the outbox did run.
    expect(reached.filter((d) => d.path === '/kept').map((d) => JSON.parse(d.body).id)).toEqual([meetingId]);
    expect(reached.filter((d) => d.path === '/removed' || d.path === '/revoked')).toEqual([]);
  });

  it('fans out an event an older version queued, building the item when it runs as that version did', async () => {
    const { access } = await connect(server, ana, 'meetings:read');
    const id = await subscribe(access, '/queued');
    const meetingId = await createMeeting('Queued before an upgrade');
    expect((await drain('/queued')).map((d) => JSON.parse(d.body).id)).toEqual([meetingId]);
    await server.store.jobs.enqueue({
      kind: HOOK_EVENT_JOB,
      payload: { event: HookEvent.MEETING_CREATED, meetingId, itemId: meetingId },
    });
    const again = await drain('/queued');
    expect(again.map((d) => JSON.parse(d.body).title)).toEqual(['Queued before an upgrade']);
    await fetch(`${server.url}/api/partner/hooks/${id}`, { method: 'DELETE', headers: bearer(access) });
  });

  it('delivers meeting-ended once for a meeting deleted right after it ended', async () => {
    const { access } = await connect(server, ana, 'meetings:read');
    const subscribed = await server.post<{ id: string }>(
      '/api/partner/hooks',
      { event: HookEvent.MEETING_ENDED, target_url: `${base}/ended` },
      bearer(access),
    );
    expect(subscribed.status).toBe(200);
    const meetingId = await createMeeting('Ended, then deleted');
    const ended = await server.post(
      `/_emulator/meetings/${meetingId}/end`,
      undefined,
      bearer(TEST_ADMIN_TOKEN),
    );
    expect(ended.status).toBe(200);
    expect((await server.call('delete-meeting', ana.key, { meeting_id: meetingId })).status).toBe(200);
    const items = (await drain('/ended')).map((d) => JSON.parse(d.body) as { id: string; title: string });
    expect(items.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: meetingId, title: 'Ended, then deleted' },
    ]);
    expectSchema('trigger-meeting-ended.item', items[0]);
    await fetch(`${server.url}/api/partner/hooks/${subscribed.body.id}`, {
      method: 'DELETE',
      headers: bearer(access),
    });
  });
});

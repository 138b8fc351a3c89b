import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
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
import { HooksService } from '../services/partner/hooks.service.js';

// Hook subscriptions (a Parley extension): each event reaches a subscribed receiver on 127.0.0.1 as
// the polling trigger's item, signed with the client's secret; only the subscriber's own data; a 410
// ends the subscription; bad input changes nothing.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let ana: TestUser;
let bob: TestUser;
let anaToken: string;
let bobToken: string;
let receiver: Server;
let target: string;
const received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  server = await startPartnerServer({ env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' } });
  ana = await server.user('Ana');
  bob = await server.user('Bob');
  for (const user of [ana, bob]) await setPassword(server, user);
  anaToken = (await connect(server, ana, 'meetings:read meetings:write')).access;
  bobToken = (await connect(server, bob, 'meetings:read')).access;
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}, 60_000);
afterAll(async () => {
  receiver?.close();
  await server?.close();
});

const subscribe = (token: string, body: unknown) =>
  server.post<Record<string, string>>('/api/partner/hooks', body, bearer(token));
const unsubscribe = (token: string, id: string) =>
  fetch(`${server.url}/api/partner/hooks/${id}`, { method: 'DELETE', headers: bearer(token) });

/** Steps the outbox until `count` more deliveries arrived (bounded). */
async function deliveries(count: number): Promise<Received[]> {
  const before = received.length;
  for (let round = 0; round < 20 && received.length < before + count; round++) {
    await server.jobs.runDue();
    if (received.length < before + count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return received.slice(before);
}

async function verified(delivery: Received): Promise<unknown> {
  const secret = await server.store.registeredClients.webhookSecret(CLIENT.id);
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
  return new Webhook(secret).verify(delivery.body, headers);
}

async function createMeeting(user: TestUser, extra: Record<string, unknown> = {}): Promise<string> {
  const reply = await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {
    title: 'Roadmap review',
    ...extra,
  });
  return reply.body.meeting.id;
}

describe('hook subscriptions', () => {
  it('delivers every event, signed, as the polling trigger lists it, to the subscriber only', async () => {
    const ids: Record<string, string> = {};
    for (const event of Object.values(HookEvent)) {
      const reply = await subscribe(anaToken, { event, target_url: target });
      expect(reply.status).toBe(200);
      expectSchema('partner-hook.response', reply.body);
      expect(reply.body).toMatchObject({ event, target_url: target });
      ids[event] = reply.body.id ?? '';
    }
    // Bob's meeting is none of Ana's business: nothing reaches her receiver.
    await createMeeting(bob);
    expect(await deliveries(1)).toEqual([]);

    const meetingId = await createMeeting(ana, { participant_ids: ['em:lee@acme-robotics.com'] });
    const [created] = await deliveries(1);
    expect(created?.headers['webhook-event']).toBe(HookEvent.MEETING_CREATED);
    expect(await verified(created as Received)).toMatchObject({ id: meetingId, title: 'Roadmap review' });
    expectSchema('partner-hook-delivery', JSON.parse(created?.body ?? ''));

    await server.call('summarize-meeting', ana.key, { meeting_id: meetingId });
    const [summary] = await deliveries(1);
    const polled = await server.get<unknown[]>('/api/partner/triggers/summary-ready', bearer(anaToken));
    expect(await verified(summary as Received)).toEqual(polled.body[0]);

    await server.post(`/_emulator/meetings/${meetingId}/end`, undefined, bearer(TEST_ADMIN_TOKEN));
    const ended = await deliveries(3);
    const byEvent = new Map(ended.map((d) => [d.headers['webhook-event'], d]));
    for (const [event, trigger] of [
      [HookEvent.MEETING_ENDED, 'meeting-ended'],
      [HookEvent.CONTACT_DISCOVERED, 'contact-discovered'],
      [HookEvent.FOLLOWUP_EMAIL_READY, 'followup-email-ready'],
    ] as const) {
      const delivery = byEvent.get(event);
      expect(delivery, event).toBeDefined();
      const list = await server.get<unknown[]>(`/api/partner/triggers/${trigger}`, bearer(anaToken));
      expect(await verified(delivery as Received)).toEqual(list.body[0]);
    }
    for (const id of Object.values(ids)) expect((await unsubscribe(anaToken, id)).status).toBe(200);
  });

  it('ends a subscription whose target answers 410 Gone, and stops delivering', async () => {
    const reply = await subscribe(anaToken, { event: HookEvent.MEETING_CREATED, target_url: target });
    answer = 410;
    try {
      await createMeeting(ana);
      expect(await deliveries(1)).toHaveLength(1);
    } finally {
      answer = 200;
    }
    expect(await server.store.hookSubscriptions.get(reply.body.id ?? '')).toBeUndefined();
    await createMeeting(ana);
    expect(await deliveries(1)).toEqual([]);
    expect((await unsubscribe(anaToken, reply.body.id ?? '')).status).toBe(404);
  });

  it("keeps each user's subscriptions to that user", async () => {
    const reply = await subscribe(anaToken, { event: HookEvent.SUMMARY_READY, target_url: target });
    const other = await unsubscribe(bobToken, reply.body.id ?? '');
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'Hook subscription not found' });
    expect(await server.store.hookSubscriptions.get(reply.body.id ?? '')).toBeDefined();
    expect((await unsubscribe(anaToken, reply.body.id ?? '')).status).toBe(200);
  });

  it('refuses bad bodies, missing scopes and private targets, and stores nothing', async () => {
    const count = () => server.store.hookSubscriptions.countOfUser(ana.userId);
    const before = await count();
    const bad = await subscribe(anaToken, { event: 'meeting-started', target_url: target });
    expect(bad.status).toBe(422);
    expectSchema('validation-error', bad.body);
    const ftp = await subscribe(anaToken, {
      event: HookEvent.MEETING_ENDED,
      target_url: 'ftp://example.com/x',
    });
    expect(ftp.status).toBe(422);
    const readOnly = (await connect(server, ana, 'documents:write')).access;
    const scoped = await subscribe(readOnly, { event: HookEvent.MEETING_ENDED, target_url: target });
    expect(scoped.status).toBe(403);
    const guarded = new HooksService(server.store, false);
    const caller = { userId: ana.userId, email: ana.email, name: 'Ana' };
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://169.254.169.254/',
    ]) {
      await expect(
        guarded.subscribe(caller, CLIENT.id, { event: HookEvent.MEETING_ENDED, target_url: url }),
      ).rejects.toThrow('target_url points to a private address');
    }
    expect(await count()).toBe(before);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT, connect } from '../../test-support/partner-oauth.js';
import { type SpawnedServer, spawnServer } from '../../test-support/spawned-server.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';
import { HookEvent } from '../core/contracts.js';

// Hook events through a crash: a server process on a file SQLite database is killed (SIGKILL) with
// deliveries in flight (the receiver holds them open) and more queued, each meeting deleted right
// after its create answered; a new process on the same data directory delivers every event at least
// once, a cut-off try again with the same webhook-id and body, and no webhook-id names two events.

const ADMIN = 'hooks-crash-admin-token-0123456789';
const EVENTS = 60;
const dataDir = mkdtempSync(join(tmpdir(), 'parley-hooks-crash-'));
const children: SpawnedServer[] = [];
let receiver: Server | undefined;
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer(dataDir, {
    env: {
      PARLEY_ADMIN_TOKEN: ADMIN,
      PARLEY_ALLOW_PRIVATE_URLS: '1',
      // A killed process's claims run out quickly, so the restarted one takes its jobs.
      PARLEY_JOB_LEASE_MS: '2000',
    },
  });
  children.push(server);
  return server;
}

interface Received {
  id: string;
  body: string;
}

/** Resolves once `done()` holds, polling every 100 ms; rejects after `ms`. */
async function until(done: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !done(); ) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('hook events across a killed process', () => {
  it('delivers every event at least once, a redelivery under the same webhook-id', async () => {
    const received: Received[] = [];
    // Until the kill the receiver answers nothing: the tries it holds are cut off by the kill.
    let holding = true;
    const held: ServerResponse[] = [];
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        received.push({ id: String(req.headers['webhook-id']), body });
        if (holding) held.push(res);
        else res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    let server = await start();
    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const reply = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      expect(reply.status, path).toBe(200);
      return (await reply.json()) as Record<string, unknown>;
    };
    const admin = { Authorization: `Bearer ${ADMIN}` };
    await post(
      '/_emulator/oauth-clients',
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        name: 'Crash',
        redirect_uris: [CLIENT.redirectUri],
      },
      admin,
    );
    await post('/_emulator/users/usr_demo/password', { password: 'correct horse battery staple' }, admin);
    const tokens = await connect(
      { url: server.url } as TestServer,
      { email: 'demo@parley.local' } as TestUser,
    );
    await post(
      '/api/partner/hooks',
      { event: HookEvent.MEETING_CREATED, target_url: target },
      { Authorization: `Bearer ${tokens.access}` },
    );

    const key = { 'X-API-Key': server.demoKey };
    const meetings = new Set<string>();
    for (let i = 0; i < EVENTS; i++) {
      const { meeting } = (await post('/v1/create-meeting', { title: `Crash ${i}` }, key)) as {
        meeting: { id: string };
      };
      meetings.add(meeting.id);
      await post('/v1/delete-meeting', { meeting_id: meeting.id }, key);
    }
    await until(() => received.length > 0, 60_000);
    await server.kill();
    holding = false;
    for (const res of held) res.destroy();
    const cutOff = received.splice(0);
    expect(cutOff.length).toBeLessThan(EVENTS);

    server = await start();
    const delivered = () => new Set(received.map((r) => (JSON.parse(r.body) as { id: string }).id));
    await until(() => delivered().size >= meetings.size, 90_000);
    // Let the queue settle: anything still due would arrive within a few polls.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    expect(delivered()).toEqual(meetings);
    // Each try the kill cut off came again, with the same webhook-id and the same body.
    for (const cut of cutOff) expect(received.filter((r) => r.id === cut.id)).toEqual([cut]);
    // A webhook-id names one event, and one event has one webhook-id.
    const eventsOfId = new Map<string, Set<string>>();
    const idsOfEvent = new Map<string, Set<string>>();
    for (const r of [...cutOff, ...received]) {
      const event = (JSON.parse(r.body) as { id: string }).id;
      eventsOfId.set(r.id, (eventsOfId.get(r.id) ?? new Set()).add(event));
      idsOfEvent.set(event, (idsOfEvent.get(event) ?? new Set()).add(r.id));
    }
    for (const events of eventsOfId.values()) expect(events.size).toBe(1);
    for (const ids of idsOfEvent.values()) expect(ids.size).toBe(1);
  }, 240_000);
});

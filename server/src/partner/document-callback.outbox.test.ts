import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT, connect } from '../../test-support/partner-oauth.js';
import { type SpawnedServer, spawnServer } from '../../test-support/spawned-server.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

// The generate-document callback through the durable outbox, across a crash: the server process is
// killed (SIGKILL) while the receiver holds the first delivery open, a new process on the same data
// directory delivers it again with the same webhook-id, and the receiver verifies the Standard
// Webhooks signature with the client's secret.

const ADMIN = 'outbox-admin-token-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'parley-outbox-'));
const children: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<SpawnedServer> {
  const server = await spawnServer(dataDir, {
    env: {
      PARLEY_ADMIN_TOKEN: ADMIN,
      PARLEY_ALLOW_PRIVATE_URLS: '1',
      // A killed process's claim runs out quickly, so the restarted one can take the job.
      PARLEY_JOB_LEASE_MS: '2000',
    },
  });
  children.push(server);
  return server;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that holds the first request open (never answers it) and answers later ones 200. */
function receiver(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  next: () => Promise<void>;
}> {
  const received: Received[] = [];
  let waiting: (() => void) | undefined;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      waiting?.();
      if (received.length > 1) res.writeHead(200).end('ok');
    });
  });
  const next = () =>
    new Promise<void>((resolve) => {
      waiting = resolve;
    });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received,
        next,
      }),
    ),
  );
}

const admin = { Authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };

describe('generate-document callback outbox', () => {
  it('survives a killed process: redelivered with the same webhook-id and a valid signature', async () => {
    const hook = await receiver();
    let first = await start();
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${first.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

    const registered = await post(
      '/_emulator/oauth-clients',
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        name: 'Outbox test',
        redirect_uris: [CLIENT.redirectUri],
      },
      admin,
    );
    const { webhook_secret: secret } = (await registered.json()) as { webhook_secret: string };
    await post('/_emulator/users/usr_demo/password', { password: 'correct horse battery staple' }, admin);
    const server = { url: first.url } as TestServer;
    const tokens = await connect(server, { email: 'demo@parley.local' } as TestUser);
    const meeting = (await (
      await post(
        '/v1/create-meeting',
        { title: 'Outbox' },
        { 'X-API-Key': first.demoKey, 'content-type': 'application/json' },
      )
    ).json()) as { meeting: { id: string } };

    const arrived = hook.next();
    const accepted = await post(
      `/api/partner/meetings/${meeting.meeting.id}/generate-document`,
      { prompt: 'Write the minutes', callback_url: hook.url },
      { Authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' },
    );
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).not.toHaveProperty('document_text');
    await arrived;
    await first.kill();

    const again = hook.next();
    first = await start();
    await again;
    const [held, delivered] = hook.received;
    expect(delivered?.headers['webhook-id']).toBe(held?.headers['webhook-id']);
    const payload = new Webhook(secret).verify(delivered?.body ?? '', {
      'webhook-id': String(delivered?.headers['webhook-id']),
      'webhook-timestamp': String(delivered?.headers['webhook-timestamp']),
      'webhook-signature': String(delivered?.headers['webhook-signature']),
    });
    expect(payload).toMatchObject({ status: 'success', meeting_id: meeting.meeting.id });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivered?.body ?? '', {
        'webhook-id': String(delivered?.headers['webhook-id']),
        'webhook-timestamp': String(delivered?.headers['webhook-timestamp']),
        'webhook-signature': String(delivered?.headers['webhook-signature']),
      }),
    ).toThrow();

    const list = (await (
      await fetch(`${first.url}/_emulator/webhook-deliveries`, { headers: admin })
    ).json()) as {
      deliveries: { delivery_id: string; status_code: number | null }[];
    };
    expect(
      list.deliveries.some((d) => d.delivery_id === held?.headers['webhook-id'] && d.status_code === 200),
    ).toBe(true);
    hook.server.close();
  }, 180_000);
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connect, registerClient, setPassword } from '../../test-support/partner-oauth.js';
import {
  expectSchema,
  startTestServer,
  TEST_ADMIN_TOKEN,
  type TestServer,
} from '../../test-support/test-server.js';

// meeting_url (a Parley extension): with PARLEY_MEETING_URL_TEMPLATE every partner item, the partner
// meeting and each hook delivery link to the meeting's page; without it the field is absent.

const TEMPLATE = 'https://app.example.com/meetings/{id}?from=zapier';
const TRIGGERS = ['meeting-ended', 'summary-ready', 'contact-discovered', 'followup-email-ready'];

const bodies: string[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    bodies.push(body);
    res.writeHead(200).end();
  });
});

/** A server with `env`, one connected user, a meeting with a guest summarized and ended. */
async function endedMeeting(server: TestServer) {
  await registerClient(server);
  const user = await server.user('Ana');
  await setPassword(server, user);
  const { access } = await connect(server, user, 'meetings:read meetings:write');
  const hook = await server.post(
    '/api/partner/hooks',
    { event: 'meeting-ended', target_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/h` },
    bearer(access),
  );
  expect(hook.status).toBe(200);
  const created = await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {
    participant_ids: ['em:lee@acme-robotics.com'],
    title: 'Robot arms / Q3',
  });
  const id = created.body.meeting.id;
  await server.call('summarize-meeting', user.key, { meeting_id: id });
  await server.post(`/_emulator/meetings/${id}/end`, undefined, {
    Authorization: `Bearer ${TEST_ADMIN_TOKEN}`,
  });
  for (let round = 0; round < 10; round++) await server.jobs.runDue();
  const items = [];
  for (const trigger of TRIGGERS) {
    const reply = await server.get<Array<Record<string, unknown>>>(
      `/api/partner/triggers/${trigger}`,
      bearer(access),
    );
    expectSchema(`trigger-${trigger}.response`, reply.body);
    expect(reply.body.length, trigger).toBeGreaterThan(0);
    items.push(...reply.body);
  }
  const meeting = await server.get<Record<string, unknown>>(`/api/partner/meetings/${id}`, bearer(access));
  expectSchema('partner-meeting.response', meeting.body);
  return { id, items: [...items, meeting.body] };
}

beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
afterAll(() => receiver.close());

describe('meeting_url', () => {
  it('links every partner item, the meeting and the hook delivery when the deployment names its page', async () => {
    const server = await startTestServer({
      env: { PARLEY_ALLOW_PRIVATE_URLS: 'true', PARLEY_MEETING_URL_TEMPLATE: TEMPLATE },
    });
    try {
      bodies.length = 0;
      const { id, items } = await endedMeeting(server);
      const url = `https://app.example.com/meetings/${encodeURIComponent(id)}?from=zapier`;
      for (const item of items) expect(item.meeting_url, JSON.stringify(item)).toBe(url);
      expect(bodies.map((b) => JSON.parse(b).meeting_url)).toEqual([url]);
    } finally {
      await server.close();
    }
  });

  it('is absent without the setting, and a template without {id} stops the start', async () => {
    const server = await startTestServer({ env: { PARLEY_ALLOW_PRIVATE_URLS: 'true' } });
    try {
      bodies.length = 0;
      const { items } = await endedMeeting(server);
      for (const item of items) expect(item).not.toHaveProperty('meeting_url');
      expect(bodies.map((b) => JSON.parse(b))).toEqual([
        expect.not.objectContaining({ meeting_url: expect.anything() }),
      ]);
    } finally {
      await server.close();
    }
    await expect(
      startTestServer({ env: { PARLEY_MEETING_URL_TEMPLATE: 'https://app.example.com/meetings' } }),
    ).rejects.toThrow(/PARLEY_MEETING_URL_TEMPLATE/);
  });
});

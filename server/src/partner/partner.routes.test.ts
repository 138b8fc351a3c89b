import { triggerRoutes } from '@parley/schemas/routes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, connect, setPassword, startPartnerServer } from '../../test-support/partner-oauth.js';
import {
  expectSchema,
  TEST_ADMIN_TOKEN,
  type TestServer,
  type TestUser,
} from '../../test-support/test-server.js';

// The partner routes over real state: triggers computed from meetings, ends, summaries and guests
// of two accounts, checked as the platform relies on them (newest first, at most 50, unique and
// stable ids, only the token's user's data); meeting details, documents, and bearer tokens on the
// meeting REST routes.

/** The catalog's triggers: their path segment and the field each is ordered by, newest first. */
const TRIGGERS = triggerRoutes.map((route) => ({
  name: route.name.replace(/^trigger-/, ''),
  orderedBy: route.trigger.orderedBy,
}));

interface Item {
  id: string;
  meeting_id?: string;
  [key: string]: unknown;
}

let server: TestServer;

beforeAll(async () => {
  server = await startPartnerServer();
}, 60_000);
afterAll(() => server.close());

async function connectedUser(name: string): Promise<TestUser & { access: string }> {
  const user = await server.user(name);
  await setPassword(server, user);
  return { ...user, ...(await connect(server, user, 'meetings:read meetings:write documents:write')) };
}

const endMeeting = (id: string) =>
  server.post(`/_emulator/meetings/${id}/end`, undefined, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` });

async function poll(user: { access: string }, trigger: string): Promise<Item[]> {
  const reply = await server.get<Item[]>(`/api/partner/triggers/${trigger}`, bearer(user.access));
  expect(reply.status).toBe(200);
  expectSchema(`trigger-${trigger}.response`, reply.body);
  return reply.body;
}

const ops = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('meeting' as const),
        host: fc.constantFrom(0 as const, 1 as const),
        inviteOther: fc.boolean(),
        guest: fc.option(fc.constantFrom('lee@acme-robotics.com', 'kim@gmail.com', 'ola@northwind.io')),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('end' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('summary' as const),
        pick: fc.nat(),
        by: fc.constantFrom(0 as const, 1 as const),
      }),
    },
  ),
  { maxLength: 10 },
);

describe('triggers', () => {
  it('are newest first, at most 50, with unique stable ids, and never another account’s data', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const users = [await connectedUser('Ana'), await connectedUser('Bo')];
        const meetings: { id: string; members: Set<number>; ended: boolean }[] = [];
        for (const op of sequence) {
          if (op.kind === 'meeting') {
            const host = users[op.host];
            const other = users[1 - op.host];
            if (!host || !other) throw new Error('two users');
            const ids = [...(op.inviteOther ? [other.userId] : []), ...(op.guest ? [`em:${op.guest}`] : [])];
            const reply = await server.call<{ meeting: { id: string } }>('create-meeting', host.key, {
              participant_ids: ids,
              title: `m${meetings.length}`,
            });
            const members = new Set([op.host, ...(op.inviteOther ? [1 - op.host] : [])]);
            meetings.push({ id: reply.body.meeting.id, members, ended: false });
          } else if (meetings.length > 0) {
            const meeting = meetings[op.pick % meetings.length];
            if (!meeting) continue;
            if (op.kind === 'end' && !meeting.ended) {
              expect((await endMeeting(meeting.id)).status).toBe(200);
              meeting.ended = true;
            }
            if (op.kind === 'summary' && meeting.members.has(op.by)) {
              const by = users[op.by];
              if (by) await server.call('summarize-meeting', by.key, { meeting_id: meeting.id });
            }
          }
        }
        await server.jobs.runDue();
        for (const [index, user] of users.entries()) {
          const mine = new Set(meetings.filter((m) => m.members.has(index)).map((m) => m.id));
          for (const { name: trigger, orderedBy } of TRIGGERS) {
            const items = await poll(user, trigger);
            expect(items.length).toBeLessThanOrEqual(50);
            expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
            const times = items.map((i) => String(i[orderedBy]));
            expect(times).toEqual([...times].sort().reverse());
            for (const item of items) expect(mine.has(item.meeting_id ?? item.id)).toBe(true);
            // The platform deduplicates on ids: a second poll gives the same ids.
            expect((await poll(user, trigger)).map((i) => i.id)).toEqual(items.map((i) => i.id));
          }
          const ended = await poll(user, 'meeting-ended');
          expect(new Set(ended.map((m) => m.id))).toEqual(
            new Set(meetings.filter((m) => m.ended && m.members.has(index)).map((m) => m.id)),
          );
        }
      }),
      { numRuns: 6 },
    );
  }, 600_000);

  it('records guests as contacts and writes a follow-up e-mail when a meeting ends', async () => {
    const ana = await connectedUser('Ana');
    const created = await server.call<{ meeting: { id: string } }>('create-meeting', ana.key, {
      participant_ids: ['em:lee@acme-robotics.com', 'em:kim@gmail.com'],
      title: 'Robot arms',
    });
    const id = created.body.meeting.id;
    await server.call('summarize-meeting', ana.key, { meeting_id: id });
    await endMeeting(id);
    await server.jobs.runDue();
    await server.jobs.runDue(); // a second run adds nothing
    const contacts = await poll(ana, 'contact-discovered');
    expect(contacts.map((c) => c.email).sort()).toEqual(['kim@gmail.com', 'lee@acme-robotics.com']);
    const lee = contacts.find((c) => c.email === 'lee@acme-robotics.com');
    expect(lee?.company_name).toBeTruthy();
    expect(contacts.find((c) => c.email === 'kim@gmail.com')?.company_name).toBeNull();
    const mails = await poll(ana, 'followup-email-ready');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.meeting_id).toBe(id);
    const ended = await poll(ana, 'meeting-ended');
    expect(ended[0]).toMatchObject({ id, participant_count: 3 });
    expect(ended[0]?.tags).toContain('summary');
    const summaries = await poll(ana, 'summary-ready');
    expect(summaries[0]?.meeting_id).toBe(id);
  }, 120_000);
});

describe('meeting details and documents', () => {
  it('returns a meeting with its latest summary, 404 for another user’s meeting', async () => {
    const ana = await connectedUser('Ana');
    const bo = await connectedUser('Bo');
    const created = await server.call<{ meeting: { id: string } }>('create-meeting', ana.key, {
      title: 'Plan',
    });
    const id = created.body.meeting.id;
    const before = await server.get(`/api/partner/meetings/${id}`, bearer(ana.access));
    expect(before.status).toBe(200);
    expectSchema('partner-meeting.response', before.body);
    expect(before.body).toMatchObject({ id, end_at: null, latest_summary: null });
    await server.call('summarize-meeting', ana.key, { meeting_id: id });
    const after = await server.get<{ latest_summary: unknown }>(
      `/api/partner/meetings/${id}`,
      bearer(ana.access),
    );
    expect(after.body.latest_summary).not.toBeNull();
    expect((await server.get(`/api/partner/meetings/${id}`, bearer(bo.access))).status).toBe(404);
  }, 60_000);

  it('generates a document synchronously and validates the body after the token', async () => {
    const ana = await connectedUser('Ana');
    const created = await server.call<{ meeting: { id: string } }>('create-meeting', ana.key, {
      title: 'Doc',
    });
    const path = `/api/partner/meetings/${created.body.meeting.id}/generate-document`;
    const doc = await server.post(path, { prompt: 'Write the minutes' }, bearer(ana.access));
    expect(doc.status).toBe(200);
    expectSchema('generate-document.response', doc.body);
    expect((await server.post(path, { model: 'parley-default' }, bearer(ana.access))).status).toBe(422);
    expect((await server.post(path, { prompt: 'x' })).status).toBe(401);
  }, 60_000);
});

describe('bearer tokens on the meeting REST routes', () => {
  it('are accepted with the route’s scope and refused with 403 insufficient_scope without it', async () => {
    const ana = await server.user('Ana');
    await setPassword(server, ana);
    const readOnly = await connect(server, ana, 'meetings:read');
    const list = await server.post('/v1/get-meetings', {}, bearer(readOnly.access));
    expect(list.status).toBe(200);
    const create = await server.post('/v1/create-meeting', {}, bearer(readOnly.access));
    expect(create.status).toBe(403);
    expect(create.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(create.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // API keys, in either header, work as before.
    expect((await server.post('/v1/create-meeting', {}, { 'X-API-Key': ana.key })).status).toBe(200);
    expect((await server.post('/v1/create-meeting', {}, bearer(ana.key))).status).toBe(200);
  }, 60_000);
});

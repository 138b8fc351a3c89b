import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { FIRST_PAGE_CURSOR, Limits } from '../core/contracts.js';

// Keyset paging must return every live item exactly once, in order, whatever happened before and
// whatever page size the client picks: random creates, updates and deletes, then a full walk.

type Op = { kind: 'create' } | { kind: 'update'; pick: number } | { kind: 'delete'; pick: number };

const ops = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<Op>({ kind: 'create' }) },
    { weight: 2, arbitrary: fc.nat().map<Op>((pick) => ({ kind: 'update', pick })) },
    { weight: 1, arbitrary: fc.nat().map<Op>((pick) => ({ kind: 'delete', pick })) },
  ),
  { maxLength: 14 },
);

async function walk<T extends { id: string; updated_at: string }>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; has_more: boolean }>,
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await fetchPage(cursor);
    seen.push(...page.items.map((item) => item.id));
    if (!page.has_more) return seen;
    cursor = page.items.at(-1)?.updated_at;
  }
  throw new Error('paging did not end');
}

describe.each(testDatabases)('paging on $name', (database) => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let invitee: TestUser;

  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    server = await startTestServer({ databaseUrl: created.url });
    invitee = await server.user('Invitee');
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('get-meetings returns every live meeting once, most recently updated first', async () => {
    await fc.assert(
      fc.asyncProperty(ops, fc.integer({ min: 1, max: Limits.meetings.max }), async (sequence, limit) => {
        const user = await server.user('Pager');
        let live: string[] = []; // most recently updated last
        for (const op of sequence) {
          if (op.kind === 'create') {
            const reply = await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {});
            live.push(reply.body.meeting.id);
          } else if (live.length > 0) {
            const id = live[op.pick % live.length] as string;
            const route = op.kind === 'update' ? 'add-meeting-participants' : 'delete-meeting';
            const body =
              op.kind === 'update'
                ? { meeting_id: id, participant_ids: [invitee.userId] }
                : { meeting_id: id };
            expect((await server.call(route, user.key, body)).status).toBe(200);
            live = live.filter((other) => other !== id);
            if (op.kind === 'update') live.push(id);
          }
        }
        const seen = await walk(async (cursor) => {
          const reply = await server.call<{
            meetings: { id: string; updated_at: string }[];
            has_more: boolean;
          }>('get-meetings', user.key, { limit, ...(cursor ? { last_updated_at: cursor } : {}) });
          expect(reply.body.meetings.length).toBeLessThanOrEqual(limit);
          return { items: reply.body.meetings, has_more: reply.body.has_more };
        });
        expect(seen).toEqual([...live].reverse());
      }),
      { numRuns: 15 },
    );
  });

  it('get-meeting-messages returns every remaining message once, newest first', async () => {
    const user = await server.user('Writer');
    await fc.assert(
      fc.asyncProperty(ops, fc.integer({ min: 1, max: 7 }), async (sequence, limit) => {
        const meeting = await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {});
        const meetingId = meeting.body.meeting.id;
        let live: string[] = [];
        for (const op of sequence) {
          if (op.kind === 'delete' && live.length > 0) {
            const id = live[op.pick % live.length] as string;
            await server.call('delete-meeting-message', user.key, { meeting_id: meetingId, message_id: id });
            live = live.filter((other) => other !== id);
          } else {
            const reply = await server.call<{ meeting_message: { id: string } }>(
              'send-meeting-message',
              user.key,
              {
                meeting_message: { meeting_id: meetingId, text: 'm' },
              },
            );
            live.push(reply.body.meeting_message.id);
          }
        }
        const seen = await walk(async (cursor) => {
          const reply = await server.call<{
            messages: { id: string; updated_at: string }[];
            has_more: boolean;
          }>('get-meeting-messages', user.key, {
            meeting_id: meetingId,
            limit,
            ...(cursor ? { last_updated_at: cursor } : {}),
          });
          return { items: reply.body.messages, has_more: reply.body.has_more };
        });
        expect(seen).toEqual([...live].reverse());
      }),
      { numRuns: 15 },
    );
  });

  it('get-transcript-utterances returns every utterance once, least recently updated first', async () => {
    const user = await server.user('Transcriber');
    await fc.assert(
      fc.asyncProperty(ops, fc.integer({ min: 1, max: 7 }), async (sequence, limit) => {
        const meeting = await server.call<{ meeting: { id: string } }>('create-meeting', user.key, {});
        const meetingId = meeting.body.meeting.id;
        let live: string[] = []; // most recently updated last; utterances have no delete route
        for (const op of sequence) {
          if (op.kind === 'update' && live.length > 0) {
            const id = live[op.pick % live.length] as string;
            const reply = await server.call('update-transcript-utterance', user.key, {
              id,
              meeting_id: meetingId,
              transcript: `corrected ${op.pick}`,
            });
            expect(reply.status).toBe(200);
            live = [...live.filter((other) => other !== id), id];
          } else {
            const row = await server.store.transcription.insertUtterance({
              meeting_id: meetingId,
              message_id: 'sess_paging',
              start_seconds: 0,
              end_seconds: 1,
              transcript: 'spoken',
              confidence: 0.9,
              language: 'en',
              speaker_v2: '0',
              texts: {},
            });
            live.push(row.id);
          }
        }
        const seen = await walk(async (cursor) => {
          const reply = await server.call<{
            utterances: { id: string; updated_at: string }[];
            has_more: boolean;
          }>('get-transcript-utterances', user.key, {
            meeting_id: meetingId,
            limit,
            last_updated_at: cursor ?? FIRST_PAGE_CURSOR,
          });
          return { items: reply.body.utterances, has_more: reply.body.has_more };
        });
        expect(seen).toEqual(live);
      }),
      { numRuns: 15 },
    );
  });
});

import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { meetingInput, openTestStore } from '../../test-support/test-store.js';
import { MeetingStatus, MessageType } from '../core/contracts.js';
import type { Database } from './database.js';
import { listOf } from './meeting-row.js';
import type { Store } from './store.js';

// meeting_viewers and viewer_feed index what meetings and messages hold: after any sequence of the
// writes that change a roster, a meeting's sort keys or its messages, both tables equal what the
// meetings and messages say, worked out here in plain code: a meeting's viewers are its host and
// its participants, and every message but users' chat is fed once to each of them (migration
// 0014's own test: migrations/0014-meeting-viewers.test.ts).

const POOL = ['usr_b', 'em:renée@x.io', 'em:lee@acme.io'];
const TYPES = [MessageType.USER, MessageType.SUMMARY, 'MT_CONTACT'];

type Op =
  | { kind: 'create'; participants: string[] }
  | { kind: 'add' | 'remove'; meeting: number; ids: string[] }
  | { kind: 'coHost'; meeting: number }
  | { kind: 'message'; meeting: number; type: string }
  | { kind: 'deleteMessage'; meeting: number }
  | { kind: 'touch' | 'end' | 'delete'; meeting: number };

const ids = fc.array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 2 });
const meeting = fc.nat(3);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), participants: ids }),
  fc.record({ kind: fc.constantFrom('add' as const, 'remove' as const), meeting, ids }),
  fc.record({ kind: fc.constant('coHost' as const), meeting }),
  fc.record({ kind: fc.constant('message' as const), meeting, type: fc.constantFrom(...TYPES) }),
  fc.record({ kind: fc.constant('deleteMessage' as const), meeting }),
  fc.record({ kind: fc.constantFrom('touch' as const, 'end' as const, 'delete' as const), meeting }),
);

interface Indexed {
  viewers: string[];
  feed: string[];
}

/** The two tables' rows as sorted strings, for the given meetings. */
async function indexed(db: Kysely<Database>, meetingIds: string[]): Promise<Indexed> {
  if (meetingIds.length === 0) return { viewers: [], feed: [] };
  const viewers = await db
    .selectFrom('meeting_viewers')
    .selectAll()
    .where('meeting_id', 'in', meetingIds)
    .execute();
  const feed = await db.selectFrom('viewer_feed').selectAll().where('meeting_id', 'in', meetingIds).execute();
  return {
    viewers: viewers
      .map((v) => `${v.viewer_id} ${v.meeting_id} ${Number(v.meeting_updated_us)} ${v.meeting_end_us ?? '-'}`)
      .sort(),
    feed: feed
      .map((f) => `${f.viewer_id} ${f.message_id} ${f.meeting_id} ${f.type} ${Number(f.created_us)}`)
      .sort(),
  };
}

/** What the two tables should hold, from the meetings' rows and their messages alone. */
async function expected(db: Kysely<Database>, meetingIds: string[]): Promise<Indexed> {
  if (meetingIds.length === 0) return { viewers: [], feed: [] };
  const meetings = await db.selectFrom('meetings').selectAll().where('id', 'in', meetingIds).execute();
  const messages = await db
    .selectFrom('messages')
    .selectAll()
    .where('meeting_id', 'in', meetingIds)
    .execute();
  const viewersOf = new Map(
    meetings.map((m) => [m.id, [...new Set([m.host_user_id, ...listOf(m.participant_ids)])]] as const),
  );
  return {
    viewers: meetings
      .flatMap((m) =>
        (viewersOf.get(m.id) ?? []).map((v) => `${v} ${m.id} ${Number(m.updated_us)} ${m.end_us ?? '-'}`),
      )
      .sort(),
    feed: messages
      .filter((msg) => msg.type !== MessageType.USER)
      .flatMap((msg) =>
        (viewersOf.get(msg.meeting_id) ?? []).map(
          (v) => `${v} ${msg.id} ${msg.meeting_id} ${msg.type} ${Number(msg.created_us)}`,
        ),
      )
      .sort(),
  };
}

describe.each(testDatabases)('meeting viewers and feed on $name', (database) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let hostId: string;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(database));
    const account = await store.accounts.createAccount('a');
    hostId = (await store.accounts.createUser({ accountId: account.id, email: 'h@x.io', name: 'h' })).id;
  });
  afterAll(() => dispose());

  it('equal the meetings and messages after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 20 }), async (sequence) => {
        // Deleted meetings stay in `meetings` (their rows must be gone from both tables too).
        const meetings: string[] = [];
        const present: string[] = [];
        const at = (i: number) => present[i % Math.max(present.length, 1)];
        for (const step of sequence) {
          await store.transaction(async (repos) => {
            if (step.kind === 'create') {
              const row = await repos.meetings.insert(meetingInput(hostId, [hostId, ...step.participants]));
              meetings.push(row.id);
              present.push(row.id);
              return;
            }
            const id = at(step.meeting);
            if (!id) return;
            if (step.kind === 'add') await repos.meetingRoster.addParticipants(id, step.ids);
            if (step.kind === 'remove') await repos.meetingRoster.removeParticipants(id, step.ids);
            if (step.kind === 'coHost') await repos.meetingRoster.addCoHosts(id, ['usr_b']);
            if (step.kind === 'message')
              await repos.messages.insert({ meetingId: id, senderId: hostId, type: step.type, text: 't' });
            if (step.kind === 'deleteMessage') {
              const [newest] = await repos.messages.list(id, { limit: 1 });
              if (newest) await repos.messages.delete(id, newest.id);
            }
            if (step.kind === 'touch') await repos.meetings.touch(id);
            if (step.kind === 'end')
              await repos.meetings.end(id, { from: MeetingStatus.LIVE, to: MeetingStatus.ENDED });
            if (step.kind === 'delete') {
              await repos.meetings.delete(id);
              present.splice(present.indexOf(id), 1);
            }
          });
        }
        expect(await indexed(store.db, meetings)).toEqual(await expected(store.db, meetings));
      }),
      { numRuns: 25 },
    );
  });
});

import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import { meetingInput, openTestStore } from '../../test-support/test-store.js';
import type { Database } from './database.js';
import type { MeetingRosterStore } from './meeting-roster.store.js';
import type { Store } from './store.js';

// The roster copy on the meeting row (participant_ids, co_host_ids) must equal the tables it is
// copied from after every kind of roster write, in the order the API shows: participants by
// position, co-hosts by when they became co-hosts.

// A small pool, so that adds often meet ids already there and removes often hit one.
const POOL = ['usr_a', 'usr_b', 'em:renée@x.io'];
type Kind = 'addParticipants' | 'removeParticipants' | 'addCoHosts' | 'removeCoHosts';
interface Op {
  kind: Kind;
  ids: string[];
  /** Run inside a transaction that then throws: nothing may change. */
  rollback: boolean;
}

const someIds = (minLength: number) => fc.array(fc.constantFrom(...POOL), { minLength, maxLength: 3 });
const ops = fc.array(
  fc.record<Op>({
    kind: fc.constantFrom<Kind>('addParticipants', 'removeParticipants', 'addCoHosts', 'removeCoHosts'),
    ids: someIds(1),
    rollback: fc.nat(4).map((n) => n === 0),
  }),
  { minLength: 4, maxLength: 16 },
);

interface Roster {
  participantIds: string[];
  coHostIds: string[];
}

async function fromTables(db: Kysely<Database>, meetingId: string): Promise<Roster> {
  const participants = await db
    .selectFrom('meeting_participants')
    .select('participant_id')
    .where('meeting_id', '=', meetingId)
    .orderBy('position')
    .execute();
  const coHosts = await db
    .selectFrom('meeting_co_hosts')
    .select('user_id')
    .where('meeting_id', '=', meetingId)
    .orderBy('created_us')
    .orderBy('user_id')
    .execute();
  return {
    participantIds: participants.map((p) => p.participant_id),
    coHostIds: coHosts.map((c) => c.user_id),
  };
}

async function fromRow(store: Store, meetingId: string): Promise<Roster> {
  const row = await store.meetings.get(meetingId);
  if (!row) throw new Error(`meeting ${meetingId} missing`);
  return { participantIds: row.participant_ids, coHostIds: row.co_host_ids };
}

/** What the roster should be: adds append the ids not yet present, removes drop them. */
function expected(model: Roster, op: Op): Roster {
  const add = (list: string[]) => [...new Set([...list, ...op.ids])];
  const remove = (list: string[]) => list.filter((id) => !op.ids.includes(id));
  switch (op.kind) {
    case 'addParticipants':
      return { ...model, participantIds: add(model.participantIds) };
    case 'removeParticipants':
      return { ...model, participantIds: remove(model.participantIds) };
    case 'addCoHosts':
      return { ...model, coHostIds: add(model.coHostIds) };
    case 'removeCoHosts':
      return { ...model, coHostIds: remove(model.coHostIds) };
  }
}

const apply = (roster: MeetingRosterStore, meetingId: string, op: Op) => roster[op.kind](meetingId, op.ids);

describe.each(testDatabases)('meeting roster copy on $name', (database) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let hostId: string;
  // Imported rows get stamps far below the clock's, so they never collide with ones handed out.
  let importStamp = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(database));
    const account = await store.accounts.createAccount('a');
    hostId = (await store.accounts.createUser({ accountId: account.id, email: 'h@x.io', name: 'h' })).id;
  });
  afterAll(() => dispose());

  it('equals the tables after any sequence of roster writes', async () => {
    const created = fc.record({ initial: someIds(0), seeded: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(created, ops, async ({ initial, seeded }, sequence) => {
        // Created like create-meeting (insert) or like the emulator seed (importRow with its roster).
        const participantIds = [hostId, ...initial];
        let meetingId: string;
        if (seeded) {
          const template = await store.meetings.insert(meetingInput(hostId, []));
          meetingId = `${template.id}_seeded`;
          await store.meetings.importRow(
            { ...template, id: meetingId, updated_us: ++importStamp },
            { participantIds, coHostIds: [] },
          );
        } else {
          meetingId = (await store.meetings.insert(meetingInput(hostId, participantIds))).id;
        }
        let model: Roster = { participantIds: [...new Set(participantIds)], coHostIds: [] };
        expect(await fromRow(store, meetingId)).toEqual(model);
        for (const op of sequence) {
          if (op.rollback) {
            const undone = store.transaction(async (repos) => {
              await apply(repos.meetingRoster, meetingId, op);
              throw new Error('undo');
            });
            await expect(undone).rejects.toThrow('undo');
          } else {
            const before = (await store.meetings.get(meetingId))?.updated_us;
            await store.transaction((repos) => apply(repos.meetingRoster, meetingId, op));
            const next = expected(model, op);
            // updated_us is the row's version: a write that changed the roster moves it.
            const after = (await store.meetings.get(meetingId))?.updated_us;
            if (JSON.stringify(next) !== JSON.stringify(model))
              expect(after).toBeGreaterThan(before ?? Infinity);
            else expect(after).toBe(before);
            model = next;
          }
          expect(await fromRow(store, meetingId)).toEqual(model);
          expect(await fromTables(store.db, meetingId)).toEqual(model);
        }
      }),
      { numRuns: database.name === 'postgres' ? 15 : 40 },
    );
  });

  it('returns the row it stored, roster included, and keeps a meeting without a roster empty', async () => {
    const row = await store.meetings.insert(meetingInput(hostId, [hostId, 'usr_b', hostId]));
    expect(await store.meetings.get(row.id)).toEqual(row);
    expect(row.participant_ids).toEqual([hostId, 'usr_b']);
    // A full row handed to importRow does not bring a roster the tables lack.
    await store.meetings.importRow(
      { ...row, id: 'mtg_copy', updated_us: ++importStamp },
      { participantIds: [], coHostIds: [] },
    );
    expect(await fromRow(store, 'mtg_copy')).toEqual({ participantIds: [], coHostIds: [] });
  });
});

// Two transactions change one meeting's roster at the same time. PostgreSQL runs them under READ
// COMMITTED: unless the store locks the row before reading the copy, the second one starts from
// the copy the first is about to replace, and its write drops the first one's change. The second
// is started only once the first has written, and the first commits only once the second waits
// on a lock, so the interleaving is the same on every run.
const postgres = testDatabases.find((database) => database.name === 'postgres');

describe.skipIf(!postgres)('concurrent roster writes on postgres', () => {
  let store: Store;
  let dispose: (() => Promise<void>) | undefined;
  let hostId: string;

  beforeAll(async () => {
    if (!postgres) return;
    ({ store, dispose } = await openTestStore(postgres));
    const account = await store.accounts.createAccount('a');
    hostId = (await store.accounts.createUser({ accountId: account.id, email: 'h@x.io', name: 'h' })).id;
  });
  afterAll(() => dispose?.());

  /** Resolves once some session of this database waits for a lock; bounded. */
  async function someoneWaitsForALock(): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(store.db);
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the second transaction never waited for the first');
  }

  async function race(first: Op, second: Op, start: string[]): Promise<Roster> {
    const meetingId = (await store.meetings.insert(meetingInput(hostId, [hostId, ...start]))).id;
    await store.meetingRoster.addCoHosts(meetingId, start);
    let wrote!: () => void;
    let release!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const one = store.transaction(async (repos) => {
      await apply(repos.meetingRoster, meetingId, first);
      wrote();
      await released;
    });
    await written;
    const two = store.transaction((repos) => apply(repos.meetingRoster, meetingId, second));
    await someoneWaitsForALock();
    release();
    await Promise.all([one, two]);
    const row = await fromRow(store, meetingId);
    expect(await fromTables(store.db, meetingId)).toEqual(row);
    return row;
  }

  const op = (kind: Kind, ids: string[]): Op => ({ kind, ids, rollback: false });

  it('keeps both of two participant additions', async () => {
    const roster = await race(op('addParticipants', ['usr_x']), op('addParticipants', ['usr_y']), []);
    expect(roster.participantIds).toEqual([hostId, 'usr_x', 'usr_y']);
  });

  it('does not bring back a participant another transaction removed', async () => {
    const roster = await race(op('removeParticipants', ['usr_x']), op('addParticipants', ['usr_y']), [
      'usr_x',
    ]);
    expect(roster.participantIds).toEqual([hostId, 'usr_y']);
  });

  it('keeps a co-host removal and a co-host addition', async () => {
    const roster = await race(op('removeCoHosts', ['usr_x']), op('addCoHosts', ['usr_y']), ['usr_x']);
    expect(roster.coHostIds).toEqual(['usr_y']);
  });
});

import type { Person } from '@parley/schemas/types';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test-support/databases.js';
import {
  byOwnerAndEmail,
  expectedPeopleOf,
  expectedPeopleRows,
} from '../../test-support/people-reference.js';
import { meetingInput, openTestStore } from '../../test-support/test-store.js';
import type { Caller } from '../core/caller.js';
import { PeopleService } from '../services/people/people.service.js';
import type { UserRow } from './accounts.store.js';
import type { Store } from './store.js';

// viewer_people indexes who meets whom: after any sequence of the writes that change it (users
// registering, and renamed; meetings created, their participants added and removed, meetings
// deleted; contacts saved and renamed), the table equals what test-support/people-reference.ts
// works out from the meetings, users and contacts with the route's old rules, and get-my-people,
// paged, answers what the old route answered. Names hold the characters whose order differs
// between code points, UTF-16 and collations.

const NAMES = ['Zoe', 'zoe', 'Ángel', 'Ann: the second', 'ann', '😀 smile', '\uFFFD', ''];

type Op =
  | { kind: 'register'; who: number; name: string }
  | { kind: 'rename'; who: number; name: string }
  | { kind: 'create'; host: number; ids: number[] }
  | { kind: 'add' | 'remove'; meeting: number; ids: number[] }
  | { kind: 'delete'; meeting: number }
  | { kind: 'contact'; owner: number; address: number; name: string };

const name = fc.constantFrom(...NAMES);
const who = fc.nat(4);
const ids = fc.array(fc.nat(7), { minLength: 1, maxLength: 3 });
const meeting = fc.nat(3);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), who, name }),
  fc.record({ kind: fc.constant('rename' as const), who, name }),
  fc.record({ kind: fc.constant('create' as const), host: who, ids }),
  fc.record({ kind: fc.constantFrom('add' as const, 'remove' as const), meeting, ids }),
  fc.record({ kind: fc.constant('delete' as const), meeting }),
  fc.record({ kind: fc.constant('contact' as const), owner: who, address: fc.nat(4), name }),
);

describe.each(testDatabases)('viewer people on $name', (database) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let accountId: string;
  /**
   * Registered before every run; `em:Bee@x.io` names this user only once folded, and is listed as
   * a guest of its own besides (named Bea, the user's cursor never skips that guest's: the cursor's
   * address is compared lower-cased).
   */
  let bee: UserRow;
  let run = 0;

  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(database));
    accountId = (await store.accounts.createAccount('a')).id;
    bee = await store.accounts.createUser({ accountId, email: 'bee@x.io', name: 'Bea' });
  });
  afterAll(() => dispose());

  it('equals what the meetings, users and contacts say after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 24 }), async (sequence) => {
        run++;
        // Addresses of this run (earlier runs' users stay registered); 0 is always registered.
        const addresses = ['host', 'lee', 'renée', 'zoe', 'dana'].map((local) => `${local}.${run}@x.io`);
        const users = new Map<number, UserRow>();
        users.set(
          0,
          await store.accounts.createUser({ accountId, email: addresses[0] as string, name: 'Host' }),
        );
        // Participant ids: users by id when registered, addresses as invited, Bee in both forms.
        const participant = (i: number): string => {
          if (i === 5) return bee.id;
          if (i === 6) return 'em:Bee@x.io';
          if (i === 7) return 'em:bee@x.io';
          const user = users.get(i);
          return user && i % 2 === 0 ? user.id : `em:${addresses[i]}`;
        };
        const meetings: string[] = [];
        const at = (i: number) => meetings[i % Math.max(meetings.length, 1)];
        for (const step of sequence) {
          await store.transaction(async (repos) => {
            if (step.kind === 'register' && !users.has(step.who)) {
              const email = addresses[step.who] as string;
              users.set(step.who, await repos.accounts.createUser({ accountId, email, name: step.name }));
            }
            if (step.kind === 'rename') {
              const user = users.get(step.who);
              if (user) users.set(step.who, (await repos.accounts.renameUser(user.id, step.name)) as UserRow);
            }
            if (step.kind === 'create') {
              const host = users.get(step.host) ?? (users.get(0) as UserRow);
              const roster = [...new Set([host.id, ...step.ids.map(participant)])];
              // The store keeps the ids as given: `em:Bee@x.io` keeps its capitals, as a seed's may.
              meetings.push((await repos.meetings.insert(meetingInput(host.id, roster))).id);
            }
            const id = at('meeting' in step ? step.meeting : 0);
            if (step.kind === 'add' && id)
              await repos.meetingRoster.addParticipants(id, step.ids.map(participant));
            if (step.kind === 'remove' && id)
              await repos.meetingRoster.removeParticipants(id, step.ids.map(participant));
            if (step.kind === 'delete' && id) {
              await repos.meetings.delete(id);
              meetings.splice(meetings.indexOf(id), 1);
            }
            if (step.kind === 'contact') {
              const owner = users.get(step.owner);
              const email = (addresses[step.address] as string).toUpperCase();
              if (owner)
                await repos.contacts.upsert({
                  owner_user_id: owner.id,
                  meeting_id: null,
                  name: step.name,
                  email,
                  company_name: null,
                  company_position: null,
                  social_profile_id: null,
                });
            }
          });
        }
        const rows = await store.db.selectFrom('viewer_people').selectAll().execute();
        expect(
          rows.map((row) => ({ ...row, met_count: Number(row.met_count) })).sort(byOwnerAndEmail),
        ).toEqual(await expectedPeopleRows(store.db));
        for (const user of [...users.values(), bee])
          expect(await pagedPeople(store, user)).toEqual(await expectedPeopleOf(store.db, user.id));
      }),
      { numRuns: 25 },
    );
  });

  it('counts right when addresses register while meetings invite them, side by side', async () => {
    // On PostgreSQL these transactions overlap (the advisory locks order them where they read the
    // same identity); on SQLite they run one after another. Either way no count may be lost or
    // doubled.
    const host = await store.accounts.createUser({ accountId, email: 'racer.host@x.io', name: 'Racer' });
    for (let round = 0; round < 10; round++) {
      const address = `racer${round}@x.io`;
      const others = [`em:racer${round}.b@x.io`, `em:racer${round}.c@x.io`];
      await Promise.all([
        store.transaction((repos) =>
          repos.accounts.createUser({ accountId, email: address, name: `R${round}` }),
        ),
        ...[0, 1, 2].map((k) =>
          store.transaction((repos) =>
            repos.meetings.insert(meetingInput(host.id, [host.id, `em:${address}`, others[k % 2] as string])),
          ),
        ),
        store.transaction(async (repos) => {
          const mine = await repos.meetings.insert(meetingInput(host.id, [host.id]));
          await repos.meetingRoster.addParticipants(mine.id, [`em:${address}`, ...others]);
          await repos.meetingRoster.removeParticipants(mine.id, [others[0] as string]);
        }),
      ]);
    }
    const rows = await store.db.selectFrom('viewer_people').selectAll().execute();
    expect(rows.map((row) => ({ ...row, met_count: Number(row.met_count) })).sort(byOwnerAndEmail)).toEqual(
      await expectedPeopleRows(store.db),
    );
  });
});

/** get-my-people's whole answer for the user, read three at a time with the cursor. */
async function pagedPeople(store: Store, user: UserRow): Promise<Person[]> {
  const service = new PeopleService(store);
  const caller: Caller = { userId: user.id, accountId: user.account_id, email: user.email, name: user.name };
  const seen: Person[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await service.list(caller, { limit: 3, ...(cursor !== undefined ? { cursor } : {}) });
    seen.push(...page.people);
    if (!page.has_more) return seen;
    const last = page.people.at(-1) as Person;
    cursor = `${last.user?.name ?? last.guest_profile?.name}:${last.email}`;
  }
}

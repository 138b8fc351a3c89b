import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../../test-support/databases.js';
import { meetingInput, openTestStore } from '../../../test-support/test-store.js';
import { systemClock } from '../../core/clock.js';
import { CacheVersions } from '../../store/cache-versions.store.js';
import type { Store } from '../../store/store.js';
import { MeetingDataCache } from '../cached-data/cached-data.cache.js';
import { meetingViews } from './meeting.view.js';
import { MeetingsService } from './meetings.service.js';

// get-meetings' text must be, byte for byte, what JSON.stringify gives for the plain views of the
// same page — on the first call and on every later one (from cached meeting JSON), whatever changed in
// between through the store: meetings, rosters, ends, deletions, and the users behind the profiles
// (which no meeting row records).

const VIEWER = { id: 'usr_viewer', email: 'viewer@x.io' };
const GUESTS = ['em:ana@x.io', 'em:bo@x.io', 'em:viewer@x.io'];
const PEOPLE = ['usr_viewer', 'usr_b', ...GUESTS];

type Op =
  | { kind: 'create'; participants: string[] }
  | { kind: 'add' | 'remove'; meeting: number; ids: string[] }
  | { kind: 'coHost' | 'unCoHost'; meeting: number }
  | { kind: 'end' | 'touch' | 'delete'; meeting: number }
  | { kind: 'register'; guest: number };

const meetingIndex = fc.nat(5);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), participants: fc.subarray(PEOPLE.slice(1)) }),
  fc.record({
    kind: fc.constantFrom('add' as const, 'remove' as const),
    meeting: meetingIndex,
    ids: fc.subarray(PEOPLE.slice(1), { minLength: 1 }),
  }),
  fc.record({
    kind: fc.constantFrom(
      'coHost' as const,
      'unCoHost' as const,
      'end' as const,
      'touch' as const,
      'delete' as const,
    ),
    meeting: meetingIndex,
  }),
  fc.record({ kind: fc.constant('register' as const), guest: fc.nat(GUESTS.length - 2) }),
);

describe.each(testDatabases)('get-meetings answer text on $name', (database) => {
  let store: Store;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await openTestStore(database));
  });
  afterAll(() => dispose());

  async function reset() {
    await store.wipe();
    const account = await store.accounts.createAccount('Viewer');
    await store.accounts.createUser({
      accountId: account.id,
      id: VIEWER.id,
      email: VIEWER.email,
      name: 'Vi',
    });
    await store.accounts.createUser({
      accountId: account.id,
      id: 'usr_b',
      email: 'b@x.io',
      name: 'Bo B',
    });
  }

  async function apply(step: Op, meetings: string[]) {
    const id = 'meeting' in step ? meetings[step.meeting % Math.max(1, meetings.length)] : undefined;
    if (step.kind === 'create') {
      const row = await store.meetings.insert({
        ...meetingInput(VIEWER.id, [VIEWER.id, ...step.participants]),
        title: `Meeting ${meetings.length}`,
        translationLanguages: meetings.length % 2 ? [] : ['fr', 'ja'],
      });

      meetings.push(row.id);
      return;
    }
    if (step.kind === 'register') {
      const email = GUESTS[step.guest]?.slice(3) ?? '';
      if (await store.accounts.findUserByEmail(email)) return;
      const account = await store.accounts.createAccount(email);
      await store.accounts.createUser({ accountId: account.id, email, name: `Registered ${email}` });
      return;
    }
    if (!id) return;
    await store.transaction(async (repos) => {
      if (step.kind === 'add') await repos.meetingRoster.addParticipants(id, step.ids);
      if (step.kind === 'remove')
        await repos.meetingRoster.removeParticipants(
          id,
          step.ids.filter((p) => p !== VIEWER.id),
        );
      if (step.kind === 'coHost') await repos.meetingRoster.addCoHosts(id, ['usr_b']);
      if (step.kind === 'unCoHost') await repos.meetingRoster.removeCoHosts(id, ['usr_b']);
      if (step.kind === 'end') await repos.meetings.end(id, { from: 'MS_LIVE', to: 'EMS_ENDED' });
      if (step.kind === 'touch') await repos.meetings.touch(id);
      if (step.kind === 'delete') {
        await repos.meetings.delete(id);
        meetings.splice(meetings.indexOf(id), 1);
      }
    });
  }

  const caller = { userId: VIEWER.id, accountId: '', email: VIEWER.email, name: 'Vi', keyId: '' };

  /** get-meetings' text equals the plain rendering; returns whether it came from cached meeting JSON. */
  async function expectSameAnswer(service: MeetingsService, limit: number): Promise<boolean> {
    const rows = await store.meetings.listVisible(
      { userId: VIEWER.id, email: VIEWER.email },
      { limit: limit + 1 },
    );
    const page = rows.slice(0, limit);
    const expected = JSON.stringify({
      success: true,
      meetings: await meetingViews(store, page),
      has_more: rows.length > limit,
    });
    const full = vi.spyOn(store.meetings, 'listVisible');
    try {
      expect((await service.list(caller, { limit })).text).toBe(expected);
      return full.mock.calls.length === 0;
    } finally {
      full.mockRestore();
    }
  }

  it('gives what JSON.stringify of the views gives, after any sequence of changes', async () => {
    let fromCache = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 1, max: 4 }),
        async (steps, limit) => {
          await reset();
          const cache = new MeetingDataCache(systemClock, new CacheVersions(store.db, store.dialect));
          const service = new MeetingsService(store, cache);
          const meetings: string[] = [];
          for (const step of steps) {
            await apply(step, meetings);
            await expectSameAnswer(service, limit);
            // Nothing changed since: the second answer comes from cached meeting JSON alone.
            expect(await expectSameAnswer(service, limit)).toBe(true);
            fromCache++;
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(fromCache).toBeGreaterThan(0);
    // Forty sequences of PostgreSQL writes take seconds on a busy machine; this checks answers, not speed.
  }, 30_000);
});

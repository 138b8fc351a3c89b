import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test-support/databases.js';
import { byOwnerAndEmail, expectedPeopleRows } from '../../../test-support/people-reference.js';
import { connect } from '../connect.js';
import type { Database } from '../database.js';
import { migrateTo, migrateToLatest } from './index.js';

// A database written under the 0015 schema gains viewer_people: for each user, everyone met in
// their meetings (by id or address) and their contacts, once per address, with the name the route
// sorts by and the number of meetings shared, as test-support/people-reference.ts works them out.

// biome-ignore lint/suspicious/noExplicitAny: the 0015 schema, not today's table types
type Db = Kysely<any>;

async function fillUnder0015(db: Db): Promise<void> {
  await db.insertInto('accounts').values({ id: 'acc_1', name: 'a', created_us: 1 }).execute();
  const user = (id: string, email: string, name: string) => ({
    id,
    account_id: 'acc_1',
    email,
    name,
    created_us: 1,
  });
  await db
    .insertInto('users')
    .values([user('usr_h', 'h@x.io', 'Host'), user('usr_b', 'b@x.io', 'Bee'), user('usr_c', 'c@x.io', 'Cee')])
    .execute();
  const meetings: [string, string, string[]][] = [
    // Host's meeting: Bee by id, Cee and a guest by address.
    ['mtg_1', 'usr_h', ['usr_h', 'usr_b', 'em:c@x.io', 'em:guest@y.io']],
    // Bee's meeting: Host by address, and an address with capitals (a seed's; kept as stored).
    ['mtg_2', 'usr_b', ['usr_b', 'em:h@x.io', 'em:Caps.Person@Y.io']],
    // Bee again, with Host by id and by address (one meeting, counted once).
    ['mtg_3', 'usr_b', ['usr_b', 'usr_h', 'em:h@x.io']],
    ['mtg_4', 'usr_c', ['usr_c']],
  ];
  for (const [id, host, participants] of meetings) {
    await db
      .insertInto('meetings')
      .values({
        id,
        host_user_id: host,
        title: 't',
        status: 'MS_LIVE',
        language: 'en',
        languages: '["en"]',
        translation_languages: '[]',
        allow_add_translation_languages: 1,
        tags: '[]',
        invitation_link_expires_us: 1,
        start_us: 1,
        end_us: null,
        created_us: 1,
        updated_us: Number(id.slice(4)),
        participant_ids: JSON.stringify(participants),
      })
      .execute();
    await db
      .insertInto('meeting_participants')
      .values(participants.map((p, position) => ({ meeting_id: id, participant_id: p, position })))
      .execute();
    for (const viewer of new Set([host, ...participants]))
      await db
        .insertInto('meeting_viewers')
        .values({ viewer_id: viewer, meeting_id: id, meeting_updated_us: 1, meeting_end_us: null })
        .execute();
  }
  const contact = (id: string, owner: string, email: string, name: string, stamp: number) => ({
    id,
    owner_user_id: owner,
    meeting_id: null,
    name,
    email,
    created_us: stamp,
    updated_us: stamp,
  });
  await db
    .insertInto('guest_contacts')
    .values([
      contact('cnt_1', 'usr_h', 'dana@z.io', 'Dana', 1),
      contact('cnt_2', 'usr_h', 'b@x.io', 'Bee from Acme', 2),
      contact('cnt_3', 'usr_h', 'h@x.io', 'Myself', 3),
      contact('cnt_4', 'usr_h', 'guest@y.io', 'A. Guest', 4),
    ])
    .execute();
}

describe.each(testDatabases)('migration 0016-viewer-people on $name', (database) => {
  it('indexes the people of the meetings and contacts already stored', async () => {
    const { url, drop } = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-migrate-'));
    const { db, dialect } = connect(url, dataDir);
    try {
      await migrateTo(db as Kysely<unknown>, dialect, '0015-outbox-purge-indexes');
      await fillUnder0015(db as Db);
      await migrateToLatest(db as Kysely<unknown>, dialect);
      const rows = await db.selectFrom('viewer_people').selectAll().execute();
      const indexed = rows.map((row) => ({ ...row, met_count: Number(row.met_count) })).sort(byOwnerAndEmail);
      expect(indexed).toEqual(await expectedPeopleRows(db as Kysely<Database>));
      // Spelled out for Host: Bee by user name (contact too), Cee as a user met by address, the
      // guest by contact name; not Host's own address, nor Bee's guest with capitals.
      expect(
        indexed
          .filter((row) => row.owner_user_id === 'usr_h')
          .map((row) => [row.email, row.sort_name, row.user_id, row.contact_name, row.met_count]),
      ).toEqual([
        ['Caps.Person@Y.io', 'Caps.Person', null, null, 1],
        ['b@x.io', 'Bee', 'usr_b', 'Bee from Acme', 3],
        ['c@x.io', 'Cee', 'usr_c', null, 1],
        ['dana@z.io', 'Dana', null, 'Dana', 0],
        ['guest@y.io', 'A. Guest', null, 'A. Guest', 1],
      ]);
    } finally {
      await db.destroy();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

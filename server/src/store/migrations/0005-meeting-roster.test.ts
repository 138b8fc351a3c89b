import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test-support/databases.js';
import { connect } from '../connect.js';
import { migrateTo, migrateToLatest } from './index.js';

// A database written under the 0004 schema gains the roster copy on its meeting rows, in the order
// the API shows: participants by position (gaps and insertion order do not matter), co-hosts by
// created_us, ties by user id. A meeting without roster rows gets empty arrays.

// biome-ignore lint/suspicious/noExplicitAny: the 0004 schema, not today's table types
type Db = Kysely<any>;

async function fillUnder0004(db: Db): Promise<void> {
  await db.insertInto('accounts').values({ id: 'acc_1', name: 'a', created_us: 1 }).execute();
  await db
    .insertInto('users')
    .values({ id: 'usr_host', account_id: 'acc_1', email: 'h@x.io', name: 'h', created_us: 1 })
    .execute();
  const meeting = (id: string, stamp: number) => ({
    id,
    host_user_id: 'usr_host',
    title: 't',
    status: 'MS_LIVE',
    language: 'en',
    languages: '["en"]',
    translation_languages: '[]',
    allow_add_translation_languages: 1,
    tags: '[]',
    invitation_link_expires_us: stamp,
    start_us: stamp,
    end_us: null,
    created_us: stamp,
    updated_us: stamp,
  });
  await db
    .insertInto('meetings')
    .values([meeting('mtg_full', 10), meeting('mtg_empty', 11), meeting('mtg_other', 12)])
    .execute();
  // Inserted out of order, with gaps a removal leaves behind.
  await db
    .insertInto('meeting_participants')
    .values([
      { meeting_id: 'mtg_full', participant_id: 'em:renée@x.io', position: 4 },
      { meeting_id: 'mtg_full', participant_id: 'usr_host', position: 0 },
      { meeting_id: 'mtg_full', participant_id: 'usr_b', position: 7 },
      { meeting_id: 'mtg_full', participant_id: 'usr_a', position: 2 },
      { meeting_id: 'mtg_other', participant_id: 'usr_host', position: 0 },
    ])
    .execute();
  await db
    .insertInto('meeting_co_hosts')
    .values([
      { meeting_id: 'mtg_full', user_id: 'usr_b', created_us: 30 },
      { meeting_id: 'mtg_full', user_id: 'usr_d', created_us: 20 },
      { meeting_id: 'mtg_full', user_id: 'usr_c', created_us: 20 },
      { meeting_id: 'mtg_other', user_id: 'usr_a', created_us: 5 },
    ])
    .execute();
}

describe.each(testDatabases)('migration 0005-meeting-roster on $name', (database) => {
  it('backfills participant_ids and co_host_ids from the roster tables', async () => {
    const { url, drop } = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-migrate-'));
    const { db, dialect } = connect(url, dataDir);
    try {
      await migrateTo(db as Kysely<unknown>, dialect, '0004-live-sessions');
      await fillUnder0004(db as Db);
      await migrateToLatest(db as Kysely<unknown>, dialect);
      const rows = await db
        .selectFrom('meetings')
        .select(['id', 'participant_ids', 'co_host_ids'])
        .orderBy('id')
        .execute();
      const parsed = rows.map((row) => ({
        id: row.id,
        participants: JSON.parse(row.participant_ids),
        coHosts: JSON.parse(row.co_host_ids),
      }));
      expect(parsed).toEqual([
        { id: 'mtg_empty', participants: [], coHosts: [] },
        {
          id: 'mtg_full',
          participants: ['usr_host', 'usr_a', 'em:renée@x.io', 'usr_b'],
          coHosts: ['usr_c', 'usr_d', 'usr_b'],
        },
        { id: 'mtg_other', participants: ['usr_host'], coHosts: ['usr_a'] },
      ]);
    } finally {
      await db.destroy();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test-support/databases.js';
import { connect } from '../connect.js';
import { migrateTo, migrateToLatest } from './index.js';

// A database written under the 0013 schema gains meeting_viewers (the host and each participant
// id of every meeting, once, with the meeting's updated_us and end_us) and viewer_feed (every
// message but users' chat, once per viewer of its meeting).

// biome-ignore lint/suspicious/noExplicitAny: the 0013 schema, not today's table types
type Db = Kysely<any>;

async function fillUnder0013(db: Db): Promise<void> {
  await db.insertInto('accounts').values({ id: 'acc_1', name: 'a', created_us: 1 }).execute();
  await db
    .insertInto('users')
    .values({ id: 'usr_host', account_id: 'acc_1', email: 'h@x.io', name: 'h', created_us: 1 })
    .execute();
  const meeting = (id: string, stamp: number, endUs: number | null, participants: string[]) => ({
    id,
    host_user_id: 'usr_host',
    title: 't',
    status: endUs ? 'EMS_ENDED' : 'MS_LIVE',
    language: 'en',
    languages: '["en"]',
    translation_languages: '[]',
    allow_add_translation_languages: 1,
    tags: '[]',
    invitation_link_expires_us: stamp,
    start_us: stamp,
    end_us: endUs,
    created_us: stamp,
    updated_us: stamp,
    participant_ids: JSON.stringify(participants),
  });
  await db
    .insertInto('meetings')
    .values([
      meeting('mtg_ended', 10, 9, ['usr_host', 'usr_b', 'em:lee@acme.io']),
      // The host is not among the participants here (an old import): still a viewer.
      meeting('mtg_live', 11, null, ['usr_b']),
    ])
    .execute();
  await db
    .insertInto('meeting_participants')
    .values([
      { meeting_id: 'mtg_ended', participant_id: 'usr_host', position: 0 },
      { meeting_id: 'mtg_ended', participant_id: 'usr_b', position: 1 },
      { meeting_id: 'mtg_ended', participant_id: 'em:lee@acme.io', position: 2 },
      { meeting_id: 'mtg_live', participant_id: 'usr_b', position: 0 },
    ])
    .execute();
  const message = (id: string, meetingId: string, type: string, stamp: number) => ({
    id,
    meeting_id: meetingId,
    sender_id: 'usr_host',
    type,
    text: 't',
    created_us: stamp,
    updated_us: stamp,
  });
  await db
    .insertInto('messages')
    .values([
      message('msg_chat', 'mtg_ended', 'MT_USER', 20),
      message('msg_sum', 'mtg_ended', 'MT_SUMMARY', 21),
      message('msg_cnt', 'mtg_live', 'MT_CONTACT', 22),
    ])
    .execute();
}

describe.each(testDatabases)('migration 0014-meeting-viewers on $name', (database) => {
  it('indexes the viewers and the feed of the meetings already stored', async () => {
    const { url, drop } = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-migrate-'));
    const { db, dialect } = connect(url, dataDir);
    try {
      await migrateTo(db as Kysely<unknown>, dialect, '0013-hook-subscription-grant');
      await fillUnder0013(db as Db);
      await migrateToLatest(db as Kysely<unknown>, dialect);
      const viewers = await db
        .selectFrom('meeting_viewers')
        .selectAll()
        .orderBy('meeting_id')
        .orderBy('viewer_id')
        .execute();
      expect(
        viewers.map((v) => [v.meeting_id, v.viewer_id, Number(v.meeting_updated_us), v.meeting_end_us]),
      ).toEqual([
        ['mtg_ended', 'em:lee@acme.io', 10, 9],
        ['mtg_ended', 'usr_b', 10, 9],
        ['mtg_ended', 'usr_host', 10, 9],
        ['mtg_live', 'usr_b', 11, null],
        ['mtg_live', 'usr_host', 11, null],
      ]);
      const feed = await db
        .selectFrom('viewer_feed')
        .selectAll()
        .orderBy('message_id')
        .orderBy('viewer_id')
        .execute();
      expect(feed.map((f) => [f.message_id, f.viewer_id, f.type, Number(f.created_us)])).toEqual([
        ['msg_cnt', 'usr_b', 'MT_CONTACT', 22],
        ['msg_cnt', 'usr_host', 'MT_CONTACT', 22],
        ['msg_sum', 'em:lee@acme.io', 'MT_SUMMARY', 21],
        ['msg_sum', 'usr_b', 'MT_SUMMARY', 21],
        ['msg_sum', 'usr_host', 'MT_SUMMARY', 21],
      ]);
    } finally {
      await db.destroy();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

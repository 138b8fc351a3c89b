import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// Reads on a user's behalf walk an index of that user's own rows, newest first, and stop at the
// page. Visibility used to be `host = me OR EXISTS(participant = me)`, which no index serves in
// order: the planner read every meeting the user ever saw and sorted them (trigger routes grew
// linearly with the history). Two tables keyed by the viewer make the walk possible:
// - meeting_viewers: one row per (viewer id, meeting), the host and every participant id (bare
//   user id or `em:<email>`), with the meeting's updated_us and end_us copied as sort keys;
// - viewer_feed: one row per (viewer id, message) for every message but users' own chat (the
//   partner triggers' summaries, contacts, follow-up e-mails), with its type and created_us.
// store/README.md ("Reads bounded by the page") says why these and not a union over the roster.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's table types
type Db = Kysely<any>;

async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('meeting_viewers')
    .addColumn('viewer_id', 'text', (c) => c.notNull())
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('meeting_updated_us', 'bigint', (c) => c.notNull())
    .addColumn('meeting_end_us', 'bigint')
    .addPrimaryKeyConstraint('meeting_viewers_pk', ['viewer_id', 'meeting_id'])
    .execute();
  await db.schema
    .createIndex('meeting_viewers_updated_idx')
    .on('meeting_viewers')
    .columns(['viewer_id', 'meeting_updated_us', 'meeting_id'])
    .execute();
  // Partial: on PostgreSQL NULLs sort last, so a descending walk would pass every live meeting first.
  await db.schema
    .createIndex('meeting_viewers_ended_idx')
    .on('meeting_viewers')
    .columns(['viewer_id', 'meeting_end_us', 'meeting_id'])
    .where(sql.ref('meeting_end_us'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('meeting_viewers_meeting_idx')
    .on('meeting_viewers')
    .column('meeting_id')
    .execute();

  await db.schema
    .createTable('viewer_feed')
    .addColumn('viewer_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('meeting_id', 'text', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_us', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('viewer_feed_pk', ['viewer_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('viewer_feed_newest_idx')
    .on('viewer_feed')
    .columns(['viewer_id', 'type', 'created_us', 'message_id'])
    .execute();
  await db.schema.createIndex('viewer_feed_meeting_idx').on('viewer_feed').column('meeting_id').execute();
  await db.schema.createIndex('viewer_feed_message_idx').on('viewer_feed').column('message_id').execute();

  // One meeting's messages of a type, newest first (partner meeting details, hook items, tags).
  await db.schema
    .createIndex('messages_meeting_type_created_idx')
    .on('messages')
    .columns(['meeting_id', 'type', 'created_us', 'id'])
    .execute();

  await sql`
    insert into meeting_viewers (viewer_id, meeting_id, meeting_updated_us, meeting_end_us)
    select host_user_id, id, updated_us, end_us from meetings
    union
    select p.participant_id, m.id, m.updated_us, m.end_us
    from meeting_participants p join meetings m on m.id = p.meeting_id
  `.execute(db);
  await sql`
    insert into viewer_feed (viewer_id, message_id, meeting_id, type, created_us)
    select v.viewer_id, msg.id, msg.meeting_id, msg.type, msg.created_us
    from messages msg join meeting_viewers v on v.meeting_id = msg.meeting_id
    where msg.type <> 'MT_USER'
  `.execute(db);
}

export const meetingViewers: Migration = { up };

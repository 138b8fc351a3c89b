import type { Kysely } from 'kysely';
import { MessageType } from '../core/contracts.js';
import type { Database } from './database.js';
import { fromJson } from './json-columns.js';
import { prepareViewerWalk, type Viewer, visibleMeetings } from './meeting-visibility.query.js';
import type { RepoContext } from './repo-context.js';

// What the partner triggers read: a user's ended meetings and the messages of a type in the
// meetings the user takes part in, newest first, each walked on the viewer's own index rows and
// stopped at the page (meeting-visibility.query.ts, which every meeting route's visibility shares,
// so a trigger never shows another account's data).

export interface FeedMeeting {
  id: string;
  title: string;
  hostUserId: string;
  language: string;
  languages: string[];
  tags: string[];
  participantCount: number;
  startUs: number;
  endUs: number | null;
  hasSummary: boolean;
}

export interface FeedMessage {
  id: string;
  meetingId: string;
  meetingTitle: string;
  type: string;
  text: string;
  /** The message's JSON payload (summary or contact or e-mail fields), decoded. */
  payload: Record<string, unknown>;
  createdUs: number;
}

const FEED_COLUMNS = [
  'msg.id',
  'msg.meeting_id',
  'mt.title',
  'msg.type',
  'msg.text',
  'msg.summary',
  'msg.payload',
  'msg.created_us',
] as const;

/** The viewer's ended meetings, most recently ended first (ties by id), with their rows. */
const endedWalk = prepareViewerWalk({
  branch: (db: Kysely<Database>, viewerId: string, bound: number) =>
    db
      .selectFrom('meeting_viewers')
      .select(['meeting_id as id', 'meeting_end_us as end_us'])
      .where('viewer_id', '=', viewerId)
      .where('meeting_end_us', 'is not', null)
      .where('meeting_end_us', '<', bound),
  order: ['end_us', 'id'],
  key: 'id',
  extra: false,
  rows: (db, walked) =>
    db.selectFrom(walked.as('w')).innerJoin('meetings as m', 'm.id', 'w.id').selectAll('m'),
});

/** The viewer's messages of one type, newest first (ties by id), with their meeting's title. */
const feedWalk = prepareViewerWalk({
  branch: (db: Kysely<Database>, viewerId: string, bound: number, type: string) =>
    db
      .selectFrom('viewer_feed')
      .select(['message_id as id', 'created_us'])
      .where('viewer_id', '=', viewerId)
      .where('type', '=', type)
      .where('created_us', '<', bound),
  order: ['created_us', 'id'],
  key: 'id',
  extra: true,
  rows: (db, walked) =>
    db
      .selectFrom(walked.as('w'))
      .innerJoin('messages as msg', 'msg.id', 'w.id')
      .innerJoin('meetings as mt', 'mt.id', 'msg.meeting_id')
      .select(FEED_COLUMNS),
});

export class PartnerFeedStore {
  constructor(private readonly ctx: RepoContext) {}

  /** Ended meetings the viewer takes part in, most recently ended first (ties by id). */
  async endedMeetings(viewer: Viewer, limit: number): Promise<FeedMeeting[]> {
    const rows = await endedWalk.run(this.ctx.db, this.ctx.dialect, viewer, { limit });
    return this.withSummaryFlags(rows);
  }

  /** One meeting the viewer takes part in. */
  async meeting(viewer: Viewer, meetingId: string): Promise<FeedMeeting | undefined> {
    const rows = await visibleMeetings(this.ctx.db, viewer).where('m.id', '=', meetingId).execute();
    return (await this.withSummaryFlags(rows))[0];
  }

  /** Messages of `type` in the viewer's meetings, newest first (ties by id). */
  async messages(viewer: Viewer, type: string, limit: number): Promise<FeedMessage[]> {
    const rows = await feedWalk.run(this.ctx.db, this.ctx.dialect, viewer, { limit, extra: type });
    return rows.map(feedMessage);
  }

  /**
   * Messages of `type` in one meeting the viewer takes part in, newest first (ties by id); walked on
   * messages_meeting_type_created_idx.
   */
  async messagesOfVisibleMeeting(
    viewer: Viewer,
    meetingId: string,
    type: string,
    limit: number,
  ): Promise<FeedMessage[]> {
    const rows = await this.ctx.db
      .selectFrom('messages as msg')
      .innerJoin('meetings as mt', 'mt.id', 'msg.meeting_id')
      .select(FEED_COLUMNS)
      .where('msg.meeting_id', '=', meetingId)
      .where('msg.type', '=', type)
      .where(
        'msg.meeting_id',
        'in',
        visibleMeetings(this.ctx.db, viewer).clearSelect().select('m.id').where('m.id', '=', meetingId),
      )
      .orderBy('msg.created_us', 'desc')
      .orderBy('msg.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(feedMessage);
  }

  /** Messages of `type` in one meeting (no viewer: for jobs), oldest first. */
  async messagesOfMeeting(meetingId: string, type: string): Promise<Pick<FeedMessage, 'id' | 'payload'>[]> {
    const rows = await this.ctx.db
      .selectFrom('messages')
      .select(['id', 'payload'])
      .where('meeting_id', '=', meetingId)
      .where('type', '=', type)
      .orderBy('created_us')
      .execute();
    return rows.map((row) => ({ id: row.id, payload: fromJson(row.payload, {}) }));
  }

  /** Whether a message of `type` already exists in a meeting (jobs run at least once). */
  async hasMessage(meetingId: string, type: string): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('meeting_id', '=', meetingId)
      .where('type', '=', type)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async withSummaryFlags(
    rows: {
      id: string;
      title: string;
      host_user_id: string;
      language: string;
      languages: string;
      tags: string;
      participant_ids: string;
      start_us: number;
      end_us: number | null;
    }[],
  ): Promise<FeedMeeting[]> {
    if (rows.length === 0) return [];
    const summarized = await this.ctx.db
      .selectFrom('messages')
      .select('meeting_id')
      .where('type', '=', MessageType.SUMMARY)
      .where(
        'meeting_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const withSummary = new Set(summarized.map((row) => row.meeting_id));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      hostUserId: row.host_user_id,
      language: row.language,
      languages: fromJson<string[]>(row.languages, []),
      tags: fromJson<string[]>(row.tags, []),
      participantCount: fromJson<string[]>(row.participant_ids, []).length,
      startUs: Number(row.start_us),
      endUs: row.end_us === null ? null : Number(row.end_us),
      hasSummary: withSummary.has(row.id),
    }));
  }
}

function feedMessage(row: {
  id: string;
  meeting_id: string;
  title: string;
  type: string;
  text: string;
  summary: string | null;
  payload: string | null;
  created_us: number;
}): FeedMessage {
  return {
    id: row.id,
    meetingId: row.meeting_id,
    meetingTitle: row.title,
    type: row.type,
    text: row.text,
    payload: { ...fromJson(row.summary, {}), ...fromJson(row.payload, {}) },
    createdUs: Number(row.created_us),
  };
}

import { fromJson } from './json-columns.js';
import { type Viewer, visibleMeetings } from './meeting-visibility.query.js';
import type { RepoContext } from './repo-context.js';

// What the partner triggers read: a user's ended meetings and the messages of given types in the
// meetings the user takes part in, newest first. Visibility is the same SQL as every meeting
// route's (meeting-visibility.query.ts), so a trigger never shows another account's data.

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

export class PartnerFeedStore {
  constructor(private readonly ctx: RepoContext) {}

  /** Ended meetings the viewer takes part in, most recently ended first (ties by id). */
  async endedMeetings(viewer: Viewer, limit: number): Promise<FeedMeeting[]> {
    const rows = await visibleMeetings(this.ctx.db, viewer)
      .where('m.end_us', 'is not', null)
      .orderBy('m.end_us', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
    return this.withSummaryFlags(rows);
  }

  /** One meeting the viewer takes part in. */
  async meeting(viewer: Viewer, meetingId: string): Promise<FeedMeeting | undefined> {
    const rows = await visibleMeetings(this.ctx.db, viewer).where('m.id', '=', meetingId).execute();
    return (await this.withSummaryFlags(rows))[0];
  }

  /** Messages of `types` in the viewer's meetings, newest first (ties by id). */
  async messages(viewer: Viewer, types: string[], limit: number, meetingId?: string): Promise<FeedMessage[]> {
    const visibleIds = visibleMeetings(this.ctx.db, viewer).clearSelect().select('m.id');
    const rows = await this.ctx.db
      .selectFrom('messages as msg')
      .innerJoin('meetings as mt', 'mt.id', 'msg.meeting_id')
      .select([
        'msg.id',
        'msg.meeting_id',
        'mt.title',
        'msg.type',
        'msg.text',
        'msg.summary',
        'msg.payload',
        'msg.created_us',
      ])
      .where('msg.type', 'in', types)
      .where('msg.meeting_id', 'in', visibleIds)
      .$if(meetingId !== undefined, (q) => q.where('msg.meeting_id', '=', meetingId as string))
      .orderBy('msg.created_us', 'desc')
      .orderBy('msg.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      meetingId: row.meeting_id,
      meetingTitle: row.title,
      type: row.type,
      text: row.text,
      payload: { ...fromJson(row.summary, {}), ...fromJson(row.payload, {}) },
      createdUs: Number(row.created_us),
    }));
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
      .distinct()
      .where('type', '=', 'MT_SUMMARY')
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

import type { MeetingsTable } from './database.js';
import type { RepoContext } from './repo-context.js';

// Meetings with their participants and co-hosts. Visibility is decided here, in SQL: a user sees a
// meeting they host or take part in (by user id, or by `em:<their email>`), and nothing else.

export type MeetingRow = MeetingsTable;

export interface NewMeeting {
  hostUserId: string;
  title: string;
  status: string;
  language: string;
  languages: string;
  translationLanguages: string;
  allowAddTranslationLanguages: boolean;
  invitationLinkTtlMicros: number;
  /** Participant ids in order; the host first. */
  participantIds: readonly string[];
}

/** Who is asking: a user id and that user's (lower-case) e-mail address. */
export interface Viewer {
  userId: string;
  email: string;
}

export class MeetingsStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(input: NewMeeting & { id?: string; startUs?: number }): Promise<MeetingRow> {
    const now = this.ctx.stamps.next();
    const row: MeetingRow = {
      id: input.id ?? this.ctx.ids.next('mtg'),
      host_user_id: input.hostUserId,
      title: input.title,
      status: input.status,
      language: input.language,
      languages: input.languages,
      translation_languages: input.translationLanguages,
      allow_add_translation_languages: input.allowAddTranslationLanguages ? 1 : 0,
      tags: '[]',
      invitation_link_expires_us: now + input.invitationLinkTtlMicros,
      start_us: input.startUs ?? now,
      end_us: null,
      created_us: now,
      updated_us: now,
    };
    await this.ctx.db.insertInto('meetings').values(row).execute();
    await this.addParticipants(row.id, input.participantIds);
    return row;
  }

  /** Stores a complete meeting as given (emulator seed); participants follow with addParticipants. */
  async importRow(row: MeetingRow): Promise<void> {
    await this.ctx.db.insertInto('meetings').values(row).execute();
  }

  async get(id: string): Promise<MeetingRow | undefined> {
    return this.ctx.db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The meeting if the viewer may see it; undefined for unknown and for other users' meetings alike. */
  async getVisible(id: string, viewer: Viewer): Promise<MeetingRow | undefined> {
    return this.visibleTo(viewer).where('m.id', '=', id).executeTakeFirst();
  }

  /** The viewer's meetings, most recently updated first, updated strictly before `beforeUs`. */
  async listVisible(viewer: Viewer, page: { beforeUs?: number; limit: number }): Promise<MeetingRow[]> {
    let query = this.visibleTo(viewer);
    if (page.beforeUs !== undefined) query = query.where('m.updated_us', '<', page.beforeUs);
    return query.orderBy('m.updated_us', 'desc').limit(page.limit).execute();
  }

  private visibleTo(viewer: Viewer) {
    const ids = [viewer.userId, `em:${viewer.email.toLowerCase()}`];
    return this.ctx.db
      .selectFrom('meetings as m')
      .selectAll('m')
      .where((eb) =>
        eb.or([
          eb('m.host_user_id', '=', viewer.userId),
          eb.exists(
            eb
              .selectFrom('meeting_participants as p')
              .select('p.meeting_id')
              .whereRef('p.meeting_id', '=', 'm.id')
              .where('p.participant_id', 'in', ids),
          ),
        ]),
      );
  }

  /** Participant ids per meeting, in their stored order. */
  async participants(meetingIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(meetingIds.map((id) => [id, []]));
    if (meetingIds.length === 0) return result;
    const rows = await this.ctx.db
      .selectFrom('meeting_participants')
      .select(['meeting_id', 'participant_id'])
      .where('meeting_id', 'in', [...meetingIds])
      .orderBy('meeting_id')
      .orderBy('position')
      .execute();
    for (const row of rows) result.get(row.meeting_id)?.push(row.participant_id);
    return result;
  }

  async coHosts(meetingIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>(meetingIds.map((id) => [id, []]));
    if (meetingIds.length === 0) return result;
    const rows = await this.ctx.db
      .selectFrom('meeting_co_hosts')
      .select(['meeting_id', 'user_id'])
      .where('meeting_id', 'in', [...meetingIds])
      .orderBy('meeting_id')
      .orderBy('created_us')
      .execute();
    for (const row of rows) result.get(row.meeting_id)?.push(row.user_id);
    return result;
  }

  /** Appends the ids not yet present, after the existing ones; returns how many were added. */
  async addParticipants(meetingId: string, participantIds: readonly string[]): Promise<number> {
    const existing = (await this.participants([meetingId])).get(meetingId) ?? [];
    const fresh = [...new Set(participantIds)].filter((id) => !existing.includes(id));
    if (fresh.length === 0) return 0;
    const { next } = await this.ctx.db
      .selectFrom('meeting_participants')
      .select((eb) => eb.fn.coalesce(eb.fn.max('position'), eb.lit(-1)).as('next'))
      .where('meeting_id', '=', meetingId)
      .executeTakeFirstOrThrow();
    await this.ctx.db
      .insertInto('meeting_participants')
      .values(
        fresh.map((participantId, i) => ({
          meeting_id: meetingId,
          participant_id: participantId,
          position: Number(next) + 1 + i,
        })),
      )
      .execute();
    return fresh.length;
  }

  async removeParticipants(meetingId: string, participantIds: readonly string[]): Promise<number> {
    if (participantIds.length === 0) return 0;
    const result = await this.ctx.db
      .deleteFrom('meeting_participants')
      .where('meeting_id', '=', meetingId)
      .where('participant_id', 'in', [...participantIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async addCoHosts(meetingId: string, userIds: readonly string[]): Promise<number> {
    const existing = (await this.coHosts([meetingId])).get(meetingId) ?? [];
    const fresh = [...new Set(userIds)].filter((id) => !existing.includes(id));
    for (const userId of fresh) {
      await this.ctx.db
        .insertInto('meeting_co_hosts')
        .values({ meeting_id: meetingId, user_id: userId, created_us: this.ctx.stamps.next() })
        .execute();
    }
    return fresh.length;
  }

  async removeCoHosts(meetingId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const result = await this.ctx.db
      .deleteFrom('meeting_co_hosts')
      .where('meeting_id', '=', meetingId)
      .where('user_id', 'in', [...userIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Gives the meeting a new `updated_us` (it moves to the top of get-meetings). */
  async touch(id: string): Promise<void> {
    await this.ctx.db
      .updateTable('meetings')
      .set({ updated_us: this.ctx.stamps.next() })
      .where('id', '=', id)
      .execute();
  }

  /** Ends a live meeting; returns false when it was already ended or does not exist. */
  async end(id: string, status: { from: string; to: string }): Promise<boolean> {
    const now = this.ctx.stamps.next();
    const result = await this.ctx.db
      .updateTable('meetings')
      .set({ status: status.to, end_us: now, updated_us: now })
      .where('id', '=', id)
      .where('status', '=', status.from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('meetings').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

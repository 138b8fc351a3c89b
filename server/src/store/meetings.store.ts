import type { Kysely } from 'kysely';
import type { Database, MeetingsTable } from './database.js';
import { JobsStore } from './jobs.store.js';
import { toJson } from './json-columns.js';
import {
  decodeMeeting,
  encodeMeeting,
  type ImportedMeeting,
  listOf,
  type MeetingRow,
} from './meeting-row.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

export type { ImportedMeeting, MeetingRow } from './meeting-row.js';

/** Job kind enqueued with every meeting end (its handler: services/partner/meeting-ended.job.ts). */
export const MEETING_ENDED_JOB = 'partner-meeting-ended';

// Meetings with their participants and co-hosts. Visibility is decided here, in SQL: a user sees a
// meeting they host or take part in (by user id, or by `em:<their email>`), and nothing else.
// The roster lives in meeting_participants/meeting_co_hosts (indexed, for visibility and people
// queries) and, copied, in the meeting row's participant_ids/co_host_ids, which is what views
// read. Every roster write below changes both in the caller's transaction.

export interface NewMeeting {
  hostUserId: string;
  title: string;
  status: string;
  language: string;
  languages: readonly string[];
  translationLanguages: readonly string[];
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

interface Roster {
  participantIds: string[];
  coHostIds: string[];
}

export class MeetingsStore {
  constructor(private readonly ctx: RepoContext) {}

  async insert(input: NewMeeting & { id?: string; startUs?: number }): Promise<MeetingRow> {
    const now = this.ctx.stamps.next();
    const participantIds = [...new Set(input.participantIds)];
    const row: MeetingRow = {
      id: input.id ?? this.ctx.ids.next('mtg'),
      host_user_id: input.hostUserId,
      title: input.title,
      status: input.status,
      language: input.language,
      languages: [...input.languages],
      translation_languages: [...input.translationLanguages],
      allow_add_translation_languages: input.allowAddTranslationLanguages,
      tags: [],
      invitation_link_expires_us: now + input.invitationLinkTtlMicros,
      start_us: input.startUs ?? now,
      end_us: null,
      created_us: now,
      updated_us: now,
      participant_ids: participantIds,
      co_host_ids: [],
    };
    await this.ctx.db.insertInto('meetings').values(encodeMeeting(row)).execute();
    if (participantIds.length > 0) {
      await this.ctx.db
        .insertInto('meeting_participants')
        .values(participantIds.map((id, position) => ({ meeting_id: row.id, participant_id: id, position })))
        .execute();
    }
    return row;
  }

  /**
   * Stores a complete meeting as given (emulator seed), its roster included, keeping the given
   * `updated_us` (the seed's updated_at): the one write that does not move it, as the row is new.
   */
  async importRow(
    row: ImportedMeeting,
    roster: { participantIds: string[]; coHostIds: string[] },
  ): Promise<void> {
    const participantIds = [...new Set(roster.participantIds)];
    const coHostIds = [...new Set(roster.coHostIds)];
    // Spread first: a caller holding a full MeetingRow must not slip in a roster the tables lack.
    await this.ctx.db
      .insertInto('meetings')
      .values(encodeMeeting({ ...row, participant_ids: participantIds, co_host_ids: coHostIds }))
      .execute();
    if (participantIds.length > 0) {
      await this.ctx.db
        .insertInto('meeting_participants')
        .values(participantIds.map((id, position) => ({ meeting_id: row.id, participant_id: id, position })))
        .execute();
    }
    for (const userId of coHostIds) {
      await this.ctx.db
        .insertInto('meeting_co_hosts')
        .values({ meeting_id: row.id, user_id: userId, created_us: this.ctx.stamps.next() })
        .execute();
    }
  }

  async get(id: string): Promise<MeetingRow | undefined> {
    const row = await this.ctx.db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
    return row && decodeMeeting(row);
  }

  /**
   * The meeting if the viewer may see it; undefined for unknown and for other users' meetings alike.
   * `lock` holds the row until the transaction ends (see lockRoster), for a caller about to change
   * the roster after checking it.
   */
  async getVisible(id: string, viewer: Viewer, options?: { lock: boolean }): Promise<MeetingRow | undefined> {
    const row = await this.visibleTo(viewer)
      .where('m.id', '=', id)
      .$if(options?.lock === true && this.ctx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
      .executeTakeFirst();
    return row && decodeMeeting(row);
  }

  /** The viewer's meetings, most recently updated first, updated strictly before `beforeUs`. */
  async listVisible(viewer: Viewer, page: { beforeUs?: number; limit: number }): Promise<MeetingRow[]> {
    // get-meetings' queries are prepared: they run on every call of the busiest route (bench:rest).
    const rows = await listVisibleQuery.run(this.ctx.db, this.ctx.dialect, ...pageValues(viewer, page));
    return rows.map(decodeMeeting);
  }

  /** listVisible's page as (id, updated_us) pairs only: updated_us is the row's version. */
  async listVisibleVersions(
    viewer: Viewer,
    page: { beforeUs?: number; limit: number },
  ): Promise<Pick<MeetingRow, 'id' | 'updated_us'>[]> {
    return listVersionsQuery.run(this.ctx.db, this.ctx.dialect, ...pageValues(viewer, page));
  }

  private visibleTo(viewer: Viewer) {
    const [userId, invitee] = viewerIds(viewer);
    return visibleTo(this.ctx.db, userId, userId, invitee);
  }

  /** Appends the ids not yet present, after the existing ones; returns how many were added. */
  async addParticipants(meetingId: string, participantIds: readonly string[]): Promise<number> {
    const roster = await this.lockRoster(meetingId);
    const present = new Set(roster.participantIds);
    const fresh = [...new Set(participantIds)].filter((id) => !present.has(id));
    if (fresh.length === 0) return 0;
    // Positions keep the gaps removals leave, so the next one comes from the table, not the copy.
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
    await this.saveRoster(meetingId, { participant_ids: toJson([...roster.participantIds, ...fresh]) });
    return fresh.length;
  }

  async removeParticipants(meetingId: string, participantIds: readonly string[]): Promise<number> {
    if (participantIds.length === 0) return 0;
    const roster = await this.lockRoster(meetingId);
    const result = await this.ctx.db
      .deleteFrom('meeting_participants')
      .where('meeting_id', '=', meetingId)
      .where('participant_id', 'in', [...participantIds])
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed > 0) {
      const gone = new Set(participantIds);
      const kept = roster.participantIds.filter((id) => !gone.has(id));
      await this.saveRoster(meetingId, { participant_ids: toJson(kept) });
    }
    return removed;
  }

  /** Makes the users co-hosts (those who are not yet), after the existing ones; returns how many. */
  async addCoHosts(meetingId: string, userIds: readonly string[]): Promise<number> {
    const roster = await this.lockRoster(meetingId);
    const present = new Set(roster.coHostIds);
    const fresh = [...new Set(userIds)].filter((id) => !present.has(id));
    if (fresh.length === 0) return 0;
    await this.ctx.db
      .insertInto('meeting_co_hosts')
      .values(
        fresh.map((userId) => ({
          meeting_id: meetingId,
          user_id: userId,
          created_us: this.ctx.stamps.next(),
        })),
      )
      .execute();
    await this.saveRoster(meetingId, { co_host_ids: toJson([...roster.coHostIds, ...fresh]) });
    return fresh.length;
  }

  async removeCoHosts(meetingId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const roster = await this.lockRoster(meetingId);
    const result = await this.ctx.db
      .deleteFrom('meeting_co_hosts')
      .where('meeting_id', '=', meetingId)
      .where('user_id', 'in', [...userIds])
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    if (removed > 0) {
      const gone = new Set(userIds);
      const kept = roster.coHostIds.filter((id) => !gone.has(id));
      await this.saveRoster(meetingId, { co_host_ids: toJson(kept) });
    }
    return removed;
  }

  /**
   * The roster copy on the meeting row, read for changing it. On PostgreSQL the row stays locked
   * until the transaction ends: under READ COMMITTED two transactions changing one roster would
   * otherwise both start from the same copy, and the later write would drop the earlier one's
   * change. NO KEY UPDATE is the lock an UPDATE of non-key columns takes anyway; unlike FOR UPDATE
   * it does not hold up inserts whose foreign key points at the meeting (messages, chunks).
   * SQLite runs one write transaction at a time, so it needs no lock. An unknown meeting has an
   * empty roster (inserting its participants then fails on the foreign key, as it always did).
   */
  private async lockRoster(meetingId: string): Promise<Roster> {
    const row = await this.ctx.db
      .selectFrom('meetings')
      .select(['participant_ids', 'co_host_ids'])
      .where('id', '=', meetingId)
      .$if(this.ctx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
      .executeTakeFirst();
    return {
      participantIds: row ? listOf(row.participant_ids) : [],
      coHostIds: row ? listOf(row.co_host_ids) : [],
    };
  }

  /**
   * Writes the roster copy and moves `updated_us`: every change of a meeting row does, because
   * updated_us is the row's version — get-meetings' pollers and its kept renderings
   * (services/meetings/meeting-page.renderer.ts) rely on it.
   */
  private async saveRoster(
    meetingId: string,
    copy: Partial<Pick<MeetingsTable, 'participant_ids' | 'co_host_ids'>>,
  ): Promise<void> {
    await this.ctx.db
      .updateTable('meetings')
      .set({ ...copy, updated_us: this.ctx.stamps.next() })
      .where('id', '=', meetingId)
      .execute();
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
    const ended = Number(result.numUpdatedRows) > 0;
    // The partner triggers' follow-up e-mail and contacts are made by a job enqueued with the end,
    // in the same transaction, so no end is ever missed (services/partner/meeting-ended.job.ts).
    if (ended) await new JobsStore(this.ctx).enqueue({ kind: MEETING_ENDED_JOB, payload: { meetingId: id } });
    return ended;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('meetings').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** The participant ids a viewer appears under: their user id, and `em:` with their address. */
function viewerIds(viewer: Viewer): [string, string] {
  return [viewer.userId, `em:${viewer.email.toLowerCase()}`];
}

/** The values of a visible page's prepared query; no cursor is a cursor past every stamp. */
function pageValues(viewer: Viewer, page: { beforeUs?: number; limit: number }): PageValues {
  const [userId, invitee] = viewerIds(viewer);
  return [userId, userId, invitee, page.beforeUs ?? Number.MAX_SAFE_INTEGER, page.limit];
}

/** Meetings hosted by `hostId` or with `userId` or `invitee` among the participants. */
export function visibleTo(db: Kysely<Database>, hostId: string, userId: string, invitee: string) {
  return db
    .selectFrom('meetings as m')
    .selectAll('m')
    .where((eb) =>
      eb.or([
        eb('m.host_user_id', '=', hostId),
        eb.exists(
          eb
            .selectFrom('meeting_participants as p')
            .select('p.meeting_id')
            .whereRef('p.meeting_id', '=', 'm.id')
            .where('p.participant_id', 'in', [userId, invitee]),
        ),
      ]),
    );
}

/** The viewer's meetings updated strictly before `beforeUs`, newest first, at most `limit`. */
function visiblePage(
  db: Kysely<Database>,
  hostId: string,
  userId: string,
  invitee: string,
  beforeUs: number,
  limit: number,
) {
  return visibleTo(db, hostId, userId, invitee)
    .where('m.updated_us', '<', beforeUs)
    .orderBy('m.updated_us', 'desc')
    .limit(limit);
}

const listVisibleQuery = prepareQuery(5, visiblePage);

const listVersionsQuery = prepareQuery(5, (db, ...page: PageValues) =>
  visiblePage(db, ...page)
    .clearSelect()
    .select(['m.id', 'm.updated_us']),
);

type PageValues = [hostId: string, userId: string, invitee: string, beforeUs: number, limit: number];

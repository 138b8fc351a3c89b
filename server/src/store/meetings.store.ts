import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import { JobsStore } from './jobs.store.js';
import { MeetingRosterStore, type Roster } from './meeting-roster.store.js';
import {
  decodeMeeting,
  encodeMeeting,
  type ImportedMeeting,
  MEETING_COLUMNS,
  type MeetingRow,
} from './meeting-row.js';
import { type Viewer, viewerIds, visibleMeetings, visibleTo } from './meeting-visibility.query.js';
import type { MeetingsTable } from './meetings.tables.js';
import { prepareQuery, prepareRowInsert } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

export type { ImportedMeeting, MeetingRow } from './meeting-row.js';

/** Job kind enqueued with every meeting end (its handler: jobs/meeting-ended.job.ts). */
export const MEETING_ENDED_JOB = 'partner-meeting-ended';

// Meetings: their rows, and the reads on a viewer's behalf, get-meetings' page among them (who sees
// what: meeting-visibility.query.ts).
// The roster a row carries a copy of is written here when the row is made, and changed afterwards
// by MeetingRosterStore (meeting-roster.store.ts).

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

/**
 * get-meetings' page: the viewer's meetings updated strictly before `beforeUs`, newest first, at
 * most `limit` (index: migrations/0006-meeting-versions-index.ts). `hostId` and `userId` are both
 * the viewer's id.
 */
function visiblePage(db: Kysely<Database>, ...[hostId, userId, invitee, beforeUs, limit]: PageValues) {
  return visibleTo(db, hostId, userId, invitee)
    .where('m.updated_us', '<', beforeUs)
    .orderBy('m.updated_us', 'desc')
    .limit(limit);
}
type PageValues = [hostId: string, userId: string, invitee: string, beforeUs: number, limit: number];

// Both run on every get-meetings call, so they are prepared (prepared-query.ts: building and
// compiling them per request was 13 % of get-meetings' CPU in bench:rest).
const visiblePageRows = prepareQuery(5, visiblePage);
const visiblePageVersions = prepareQuery(5, (db, ...page: PageValues) =>
  visiblePage(db, ...page)
    .clearSelect()
    .select(['m.id', 'm.updated_us']),
);

// create-meeting's insert, prepared as well (with its other statements: Kysely's share of its CPU
// went from 17.6 to 7.3 %, bench:rest profile); the emulator's seed writes rows the same way.
const insertMeetingRow = prepareRowInsert<MeetingsTable>(MEETING_COLUMNS, (db, row) =>
  db.insertInto('meetings').values(row),
);

/** The values of the page's query; no cursor is a cursor past every stamp. */
function pageValues(viewer: Viewer, page: { beforeUs?: number; limit: number }): PageValues {
  const [userId, invitee] = viewerIds(viewer);
  return [userId, userId, invitee, page.beforeUs ?? Number.MAX_SAFE_INTEGER, page.limit];
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
    await insertMeetingRow.run(this.ctx.db, this.ctx.dialect, encodeMeeting(row));
    await new MeetingRosterStore(this.ctx).insertNew(row.id, { participantIds, coHostIds: [] });
    return row;
  }

  /**
   * Stores a complete meeting as given (emulator seed), its roster included, keeping the given
   * `updated_us` (the seed's updated_at): the one write that does not move it, as the row is new.
   */
  async importRow(row: ImportedMeeting, roster: Roster): Promise<void> {
    const participantIds = [...new Set(roster.participantIds)];
    const coHostIds = [...new Set(roster.coHostIds)];
    // Spread first: a caller holding a full MeetingRow must not slip in a roster the tables lack.
    await insertMeetingRow.run(
      this.ctx.db,
      this.ctx.dialect,
      encodeMeeting({ ...row, participant_ids: participantIds, co_host_ids: coHostIds }),
    );
    await new MeetingRosterStore(this.ctx).insertNew(row.id, { participantIds, coHostIds });
  }

  async get(id: string): Promise<MeetingRow | undefined> {
    const row = await this.ctx.db.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirst();
    return row && decodeMeeting(row);
  }

  /**
   * The meeting if the viewer may see it; undefined for unknown and for other users' meetings alike.
   * `lock` holds the row until the transaction ends (as MeetingRosterStore's writes do), for a caller about to change
   * the roster after checking it.
   */
  async getVisible(id: string, viewer: Viewer, options?: { lock: boolean }): Promise<MeetingRow | undefined> {
    const row = await visibleMeetings(this.ctx.db, viewer)
      .where('m.id', '=', id)
      .$if(options?.lock === true && this.ctx.dialect === 'postgres', (q) => q.forNoKeyUpdate())
      .executeTakeFirst();
    return row && decodeMeeting(row);
  }

  /** The viewer's meetings, most recently updated first, updated strictly before `beforeUs`. */
  async listVisible(viewer: Viewer, page: { beforeUs?: number; limit: number }): Promise<MeetingRow[]> {
    const rows = await visiblePageRows.run(this.ctx.db, this.ctx.dialect, ...pageValues(viewer, page));
    return rows.map(decodeMeeting);
  }

  /** listVisible's page as (id, updated_us) pairs only: `updated_us` is the row's version. */
  async listVisibleVersions(
    viewer: Viewer,
    page: { beforeUs?: number; limit: number },
  ): Promise<Pick<MeetingRow, 'id' | 'updated_us'>[]> {
    return visiblePageVersions.run(this.ctx.db, this.ctx.dialect, ...pageValues(viewer, page));
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
    // in the same transaction, so no end is ever missed (jobs/meeting-ended.job.ts).
    if (ended) await new JobsStore(this.ctx).enqueue({ kind: MEETING_ENDED_JOB, payload: { meetingId: id } });
    return ended;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.ctx.db.deleteFrom('meetings').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

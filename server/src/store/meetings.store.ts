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
import { MeetingViewersStore } from './meeting-viewers.store.js';
import {
  prepareViewerWalk,
  type Viewer,
  visibleMeetings,
  type WalkPage,
} from './meeting-visibility.query.js';
import type { MeetingsTable } from './meetings.tables.js';
import { prepareRowInsert } from './prepared-query.js';
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
 * get-meetings' page: the viewer's meetings updated strictly before `bound`, newest first, at most
 * `limit`, walked on meeting_viewers_updated_idx (migration 0014-meeting-viewers). Prepared, as it
 * runs on every get-meetings call (prepared-query.ts: building and compiling it per request was
 * 13 % of get-meetings' CPU in bench:rest).
 */
const pageBranch = (db: Kysely<Database>, viewerId: string, bound: number) =>
  db
    .selectFrom('meeting_viewers')
    .select(['meeting_id as id', 'meeting_updated_us as updated_us'])
    .where('viewer_id', '=', viewerId)
    .where('meeting_updated_us', '<', bound);
const visiblePageVersions = prepareViewerWalk<{ id: string; updated_us: number }>({
  branch: pageBranch,
  order: ['updated_us'],
  key: 'id',
  extra: false,
});
/** The same page's rows, read in the walk's statement, so the page is one snapshot. */
const visiblePageRows = prepareViewerWalk({
  branch: pageBranch,
  order: ['updated_us'],
  key: 'id',
  extra: false,
  rows: (db, walked) =>
    db.selectFrom(walked.as('w')).innerJoin('meetings as m', 'm.id', 'w.id').selectAll('m'),
});

// create-meeting's insert, prepared as well (with its other statements: Kysely's share of its CPU
// went from 17.6 to 7.3 %, bench:rest profile); the emulator's seed writes rows the same way.
const insertMeetingRow = prepareRowInsert<MeetingsTable>(MEETING_COLUMNS, (db, row) =>
  db.insertInto('meetings').values(row),
);

const walkPage = (page: { beforeUs?: number; limit: number }): WalkPage => ({
  ...(page.beforeUs !== undefined ? { bound: page.beforeUs } : {}),
  limit: page.limit,
});

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
    await new MeetingViewersStore(this.ctx).syncRoster(row.id);
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
    await new MeetingViewersStore(this.ctx).syncRoster(row.id);
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
    const rows = await visiblePageRows.run(this.ctx.db, this.ctx.dialect, viewer, walkPage(page));
    return rows.map(decodeMeeting);
  }

  /** listVisible's page as (id, updated_us) pairs only: `updated_us` is the row's version. */
  async listVisibleVersions(
    viewer: Viewer,
    page: { beforeUs?: number; limit: number },
  ): Promise<Pick<MeetingRow, 'id' | 'updated_us'>[]> {
    return visiblePageVersions.run(this.ctx.db, this.ctx.dialect, viewer, walkPage(page));
  }

  /** Gives the meeting a new `updated_us` (it moves to the top of get-meetings). */
  async touch(id: string): Promise<void> {
    const updatedUs = this.ctx.stamps.next();
    await this.ctx.db.updateTable('meetings').set({ updated_us: updatedUs }).where('id', '=', id).execute();
    await new MeetingViewersStore(this.ctx).syncSortKeys(id, { updatedUs });
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
    if (ended) await new MeetingViewersStore(this.ctx).syncSortKeys(id, { updatedUs: now, endUs: now });
    // The partner triggers' follow-up e-mail and contacts are made by a job enqueued with the end,
    // in the same transaction, so no end is ever missed (jobs/meeting-ended.job.ts).
    if (ended) await new JobsStore(this.ctx).enqueue({ kind: MEETING_ENDED_JOB, payload: { meetingId: id } });
    return ended;
  }

  async delete(id: string): Promise<boolean> {
    await new MeetingViewersStore(this.ctx).forgetMeeting(id);
    const result = await this.ctx.db.deleteFrom('meetings').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

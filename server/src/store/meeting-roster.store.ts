import { type DeleteResult, type RawBuilder, sql } from 'kysely';
import { toJson } from './json-columns.js';
import { listOf } from './meeting-row.js';
import { MeetingViewersStore } from './meeting-viewers.store.js';
import { prepareQuery } from './prepared-query.js';
import type { RepoContext } from './repo-context.js';

// Who takes part in a meeting and who co-hosts it. The roster lives in meeting_participants and
// meeting_co_hosts (indexed, for visibility and people queries) and, copied, in the meeting row's
// participant_ids/co_host_ids, which is what views read. Every write below changes both in the
// caller's transaction (meeting-roster.test.ts checks they stay equal).

export interface Roster {
  participantIds: readonly string[];
  coHostIds: readonly string[];
}

/**
 * A new meeting's participants in one prepared insert, however many: the ids go as one JSON array,
 * numbered by the database from 0. create-meeting runs it each time; with its other statements
 * prepared too, Kysely's share of its CPU went from 17.6 to 7.3 % (bench:rest profile). Only the
 * array-to-rows function differs by dialect.
 */
const insertParticipants = (idsAsRows: (idsJson: string) => RawBuilder<ParticipantRow>) =>
  prepareQuery(2, (db, meetingId: string, idsJson: string) =>
    db
      .insertInto('meeting_participants')
      .columns(['meeting_id', 'participant_id', 'position'])
      .expression(
        db
          .selectFrom(idsAsRows(idsJson).as('ids'))
          .select([
            sql<string>`cast(${meetingId} as text)`.as('meeting_id'),
            'ids.participant_id',
            'ids.position',
          ]),
      ),
  );
type ParticipantRow = { participant_id: string; position: number };
const insertParticipantsSqlite = insertParticipants(
  (idsJson) => sql`(select value as participant_id, key as position from json_each(${idsJson}))`,
);
const insertParticipantsPg = insertParticipants(
  (idsJson) =>
    sql`(select value as participant_id, ordinality - 1 as position from json_array_elements_text(${idsJson}::json) with ordinality)`,
);

export class MeetingRosterStore {
  constructor(private readonly ctx: RepoContext) {}

  /**
   * The roster tables of a meeting row just inserted, which already holds the same lists as its
   * copy (ids deduplicated by the caller, in order).
   */
  async insertNew(meetingId: string, roster: Roster): Promise<void> {
    if (roster.participantIds.length > 0) {
      const insert = this.ctx.dialect === 'postgres' ? insertParticipantsPg : insertParticipantsSqlite;
      await insert.run(this.ctx.db, this.ctx.dialect, meetingId, JSON.stringify(roster.participantIds));
    }
    // One at a time: created_us orders co-hosts, so each gets its own stamp.
    for (const userId of roster.coHostIds) {
      await this.ctx.db
        .insertInto('meeting_co_hosts')
        .values({ meeting_id: meetingId, user_id: userId, created_us: this.ctx.stamps.next() })
        .execute();
    }
  }

  /** Appends the ids not yet present, after the existing ones; returns how many were added. */
  addParticipants(meetingId: string, participantIds: readonly string[]): Promise<number> {
    return this.add(meetingId, 'participantIds', participantIds, async (fresh) => {
      // Positions keep the gaps removals leave, so the next one comes from the table, not the copy.
      const { next } = await this.ctx.db
        .selectFrom('meeting_participants')
        .select((eb) => eb.fn.coalesce(eb.fn.max('position'), eb.lit(-1)).as('next'))
        .where('meeting_id', '=', meetingId)
        .executeTakeFirstOrThrow();
      const position = (i: number) => Number(next) + 1 + i;
      await this.ctx.db
        .insertInto('meeting_participants')
        .values(fresh.map((id, i) => ({ meeting_id: meetingId, participant_id: id, position: position(i) })))
        .execute();
    });
  }

  removeParticipants(meetingId: string, participantIds: readonly string[]): Promise<number> {
    return this.remove(meetingId, 'participantIds', participantIds, (gone) =>
      this.ctx.db
        .deleteFrom('meeting_participants')
        .where('meeting_id', '=', meetingId)
        .where('participant_id', 'in', gone)
        .executeTakeFirst(),
    );
  }

  /** Makes the users co-hosts (those who are not yet), after the existing ones; returns how many. */
  addCoHosts(meetingId: string, userIds: readonly string[]): Promise<number> {
    return this.add(meetingId, 'coHostIds', userIds, async (fresh) => {
      // A stamp each: created_us orders co-hosts, in the order they were given.
      const stamp = () => this.ctx.stamps.next();
      await this.ctx.db
        .insertInto('meeting_co_hosts')
        .values(fresh.map((userId) => ({ meeting_id: meetingId, user_id: userId, created_us: stamp() })))
        .execute();
    });
  }

  removeCoHosts(meetingId: string, userIds: readonly string[]): Promise<number> {
    return this.remove(meetingId, 'coHostIds', userIds, (gone) =>
      this.ctx.db
        .deleteFrom('meeting_co_hosts')
        .where('meeting_id', '=', meetingId)
        .where('user_id', 'in', gone)
        .executeTakeFirst(),
    );
  }

  /** The add protocol of both lists: lock, keep the ids not yet present, insert them, copy. */
  private async add(
    meetingId: string,
    list: keyof Roster,
    ids: readonly string[],
    insertRows: (fresh: string[]) => Promise<void>,
  ): Promise<number> {
    const roster = await this.lockRoster(meetingId);
    const present = new Set(roster[list]);
    const fresh = [...new Set(ids)].filter((id) => !present.has(id));
    if (fresh.length === 0) return 0;
    await insertRows(fresh);
    await this.saveCopy(meetingId, list, [...roster[list], ...fresh]);
    return fresh.length;
  }

  /** The remove protocol of both lists: lock, delete the rows, copy what is left. */
  private async remove(
    meetingId: string,
    list: keyof Roster,
    ids: readonly string[],
    deleteRows: (gone: string[]) => Promise<DeleteResult>,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const roster = await this.lockRoster(meetingId);
    const removed = Number((await deleteRows([...ids])).numDeletedRows);
    const gone = new Set(ids);
    if (removed > 0)
      await this.saveCopy(
        meetingId,
        list,
        roster[list].filter((id) => !gone.has(id)),
      );
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
   * updated_us is the row's version — get-meetings' pollers and its cached meeting JSON
   * (services/meetings/meeting-json.cache.ts) rely on it.
   */
  private async saveCopy(meetingId: string, list: keyof Roster, ids: readonly string[]): Promise<void> {
    const copy = toJson(ids);
    const updatedUs = this.ctx.stamps.next();
    await this.ctx.db
      .updateTable('meetings')
      .set({
        ...(list === 'participantIds' ? { participant_ids: copy } : { co_host_ids: copy }),
        updated_us: updatedUs,
      })
      .where('id', '=', meetingId)
      .execute();
    // Who sees the meeting follows the participants; co-hosts play no part in it.
    const viewers = new MeetingViewersStore(this.ctx);
    if (list === 'participantIds') await viewers.syncRoster(meetingId);
    else await viewers.syncSortKeys(meetingId, { updatedUs });
  }
}

import { type Kysely, sql } from 'kysely';
import type { Database, Dialect } from './database.js';

// Versions of cached meeting data, shared by every server process on one PostgreSQL database. A
// process that changed a meeting's summary or transcripts moves the meeting's version after its
// write commits and before it answers; a process serving from its cache reads the version first and
// serves an entry only if it was filled under that same version. So a write acknowledged by any
// process is what every process answers next. The row '*' is moved by the emulator's reset and is
// part of every meeting's version.
// On SQLite there is one process and its in-memory invalidation is enough: nothing is read or
// written, and every version is ''.

const ALL = '*';

export class CacheVersions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** True when versions live in the database (several processes may share it). */
  get shared(): boolean {
    return this.dialect === 'postgres';
  }

  /** The meeting's current version ('' on SQLite). */
  async current(meetingId: string): Promise<string> {
    if (!this.shared) return '';
    const { rows } = await sql<{ meeting_id: string; version: number }>`
      select meeting_id, version from cache_versions where meeting_id in (${meetingId}, ${ALL})`.execute(
      this.db,
    );
    const of = (id: string) => rows.find((row) => row.meeting_id === id)?.version ?? 0;
    return `${of(ALL)}.${of(meetingId)}`;
  }

  /** Moves the meeting's version: entries filled before are no longer served by any process. */
  bump(meetingId: string): Promise<void> {
    return this.move(meetingId);
  }

  /** Moves every meeting's version at once (the emulator's reset). */
  bumpAll(): Promise<void> {
    return this.move(ALL);
  }

  private async move(key: string): Promise<void> {
    if (!this.shared) return;
    await sql`
      insert into cache_versions (meeting_id, version) values (${key}, 1)
      on conflict (meeting_id) do update set version = cache_versions.version + 1`.execute(this.db);
  }
}

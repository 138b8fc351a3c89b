import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';

// Limits that must hold across every server process on one PostgreSQL database: the partner rate
// limit per access token and the failed sign-ins per e-mail address (tables of migration
// 0009-scale-out). Each decision is one statement, atomic under concurrent processes. Tokens are
// kept as hashes, never as they are. (On SQLite, one process, both live in memory: partner/.)

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class SharedLimitsStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One request of `key` against `perMinute` (a generic cell rate algorithm, equivalent to a token
   * bucket of `perMinute` refilled continuously): the row holds the key's theoretical arrival time;
   * a request is allowed when moving it one interval on stays within a minute of now. The update
   * happens only when allowed, so a refused request costs the client nothing.
   */
  async takeRate(rawKey: string, perMinute: number, nowMs: number): Promise<RateDecision> {
    const key = createHash('sha256').update(rawKey).digest('base64url');
    // Whole milliseconds (the column is BIGINT): at most half a millisecond off per request.
    const interval = Math.max(1, Math.round(60_000 / perMinute));
    const { rows } = await sql<{ tat_ms: number }>`
      insert into rate_limits (key, tat_ms) values (${key}, ${Math.round(nowMs + interval)})
      on conflict (key) do update set tat_ms = greatest(rate_limits.tat_ms, ${nowMs}) + ${interval}
        where greatest(rate_limits.tat_ms, ${nowMs}) + ${interval} - ${nowMs} <= ${60_000}
      returning tat_ms`.execute(this.db);
    if (rows.length > 0) return { allowed: true };
    const current = await sql<{ tat_ms: number }>`select tat_ms from rate_limits where key = ${key}`.execute(
      this.db,
    );
    const tat = current.rows[0]?.tat_ms ?? nowMs;
    return { allowed: false, retryAfterMs: Math.max(0, tat + interval - nowMs - 60_000) };
  }

  /**
   * Records a failed sign-in of `email`; the count of failures in a row, a failure older than
   * `forgetMs` starting a new row.
   */
  async signInFailed(email: string, nowMs: number, forgetMs: number): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      insert into sign_in_failures (email, count, last_ms) values (${email}, 1, ${nowMs})
      on conflict (email) do update set
        count = case when ${nowMs} - sign_in_failures.last_ms < ${forgetMs}
          then sign_in_failures.count + 1 else 1 end,
        last_ms = ${nowMs}
      returning count`.execute(this.db);
    return Number(rows[0]?.count ?? 1);
  }

  async signInFailures(email: string): Promise<{ count: number; lastMs: number } | undefined> {
    const { rows } = await sql<{ count: number; last_ms: number | string }>`
      select count, last_ms from sign_in_failures where email = ${email}`.execute(this.db);
    const row = rows[0];
    return row ? { count: Number(row.count), lastMs: Number(row.last_ms) } : undefined;
  }
  async signInSucceeded(email: string): Promise<void> {
    await sql`delete from sign_in_failures where email = ${email}`.execute(this.db);
  }

  /** Forgets failures older than `beforeMs` and buckets that are full again. */
  async prune(beforeMs: number, nowMs: number): Promise<void> {
    await sql`delete from sign_in_failures where last_ms < ${beforeMs}`.execute(this.db);
    await sql`delete from rate_limits where tat_ms < ${nowMs}`.execute(this.db);
  }
}

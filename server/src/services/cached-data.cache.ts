import type { CachedSummary, TranscriptRecord } from '@parley/schemas/types';
import type { Clock } from '../core/clock.js';
import { jsonWeight, LruCache, type LruStats } from './cached-data.lru.js';

// The cache behind get-meeting-summary and get-meeting-transcripts, keyed by meeting id. It holds
// what a meeting's members all see alike (access is checked against the database on every request,
// before the cache is consulted), so one entry serves every member.
//
// Every write that changes what these routes return must call `invalidate(meetingId)` once its
// transaction has committed: a new summary, a new or corrected utterance, a deleted message, a
// deleted meeting. Invalidating before the commit would let a concurrent read refill the entry
// with the old rows. A read that began before an invalidation and ends after it holds rows that may
// predate the write, so a read takes a `readToken()` before it queries and `fill…` drops its rows
// when the meeting was invalidated since. The cache lives in this process only: with several
// server processes a write in one leaves the others' entries until their TTL ends (or a client
// sends force_refresh).

export interface MeetingCacheOptions {
  /** Meetings kept per kind (summaries, transcripts). */
  maxEntries?: number;
  /** Approximate bytes kept per kind (serialized JSON length). */
  maxWeight?: number;
  ttlMs?: number;
}

export const MEETING_CACHE_DEFAULTS = {
  maxEntries: 1000,
  maxWeight: 32 * 1024 * 1024,
  ttlMs: 60_000,
} as const;

/** Meetings whose last invalidation is remembered; beyond it every read in flight is refused a fill. */
const TRACKED_INVALIDATIONS = 10_000;

export class MeetingDataCache {
  readonly summaries: LruCache<string, CachedSummary>;
  readonly transcripts: LruCache<string, TranscriptRecord[]>;
  /** Counts invalidations; a read token is its value when the read began. */
  private epoch = 0;
  /** Epoch of each meeting's latest invalidation (forgotten in bulk past TRACKED_INVALIDATIONS). */
  private readonly invalidatedAt = new Map<string, number>();
  /** Tokens older than this cannot be judged (their invalidations were forgotten) and fill nothing. */
  private forgottenBefore = 0;

  constructor(clock: Clock, options: MeetingCacheOptions = {}) {
    const lru = {
      maxEntries: options.maxEntries ?? MEETING_CACHE_DEFAULTS.maxEntries,
      maxWeight: options.maxWeight ?? MEETING_CACHE_DEFAULTS.maxWeight,
      ttlMicros: (options.ttlMs ?? MEETING_CACHE_DEFAULTS.ttlMs) * 1000,
      clock,
      weigh: jsonWeight,
    };
    this.summaries = new LruCache<string, CachedSummary>(lru);
    this.transcripts = new LruCache<string, TranscriptRecord[]>(lru);
  }

  /** Take before reading the database; hand it to `fillSummary`/`fillTranscripts` with what was read. */
  readToken(): number {
    return this.epoch;
  }

  /** Caches the summary read under `token`, unless the meeting was invalidated since. */
  fillSummary(meetingId: string, token: number, summary: CachedSummary): void {
    if (this.unchangedSince(meetingId, token)) this.summaries.set(meetingId, summary);
  }

  /** Caches the transcripts read under `token`, unless the meeting was invalidated since. */
  fillTranscripts(meetingId: string, token: number, transcripts: TranscriptRecord[]): void {
    if (this.unchangedSince(meetingId, token)) this.transcripts.set(meetingId, transcripts);
  }

  /** Drops everything cached for the meeting; the next read goes to the database. */
  invalidate(meetingId: string): void {
    this.epoch++;
    this.invalidatedAt.set(meetingId, this.epoch);
    if (this.invalidatedAt.size > TRACKED_INVALIDATIONS) this.forget();
    this.summaries.delete(meetingId);
    this.transcripts.delete(meetingId);
  }

  /** Drops every entry (the emulator's reset wipes the whole database). */
  clear(): void {
    this.epoch++;
    this.forget();
    this.summaries.clear();
    this.transcripts.clear();
  }

  private unchangedSince(meetingId: string, token: number): boolean {
    return token >= this.forgottenBefore && (this.invalidatedAt.get(meetingId) ?? 0) <= token;
  }

  private forget(): void {
    this.invalidatedAt.clear();
    this.forgottenBefore = this.epoch;
  }

  stats(): { summaries: LruStats; transcripts: LruStats } {
    return { summaries: this.summaries.stats(), transcripts: this.transcripts.stats() };
  }
}

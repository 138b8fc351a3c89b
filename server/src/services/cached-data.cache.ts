import type { CachedSummary, TranscriptRecord } from '@parley/schemas/types';
import { jsonWeight, LruCache, type LruStats } from './cached-data.lru.js';
import type { Clock } from './clock.js';

// The cache behind get-meeting-summary and get-meeting-transcripts, keyed by meeting id. It holds
// what a meeting's members all see alike (access is checked against the database on every request,
// before the cache is consulted), so one entry serves every member.
//
// Every write that changes what these routes return must call `invalidate(meetingId)` once its
// transaction has committed: a new summary, a new or corrected utterance, a deleted message, a
// deleted meeting. Invalidating before the commit would let a concurrent read refill the entry
// with the old rows. The cache lives in this process only: with several server processes a write
// in one leaves the others' entries until their TTL ends (or a client sends force_refresh).

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

export class MeetingDataCache {
  readonly summaries: LruCache<string, CachedSummary>;
  readonly transcripts: LruCache<string, TranscriptRecord[]>;

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

  /** Drops everything cached for the meeting; the next read goes to the database. */
  invalidate(meetingId: string): void {
    this.summaries.delete(meetingId);
    this.transcripts.delete(meetingId);
  }

  /** Drops every entry (the emulator's reset wipes the whole database). */
  clear(): void {
    this.summaries.clear();
    this.transcripts.clear();
  }

  stats(): { summaries: LruStats; transcripts: LruStats } {
    return { summaries: this.summaries.stats(), transcripts: this.transcripts.stats() };
  }
}

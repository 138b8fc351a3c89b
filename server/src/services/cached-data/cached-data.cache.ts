import type { CachedSummary, TranscriptRecord } from '@parley/schemas/types';
import type { Clock } from '../../core/clock.js';
import type { CacheVersions } from '../../store/cache-versions.store.js';
import { jsonWeight, LruCache, type LruStats } from './cached-data.lru.js';

// The cache behind get-meeting-summary and get-meeting-transcripts, keyed by meeting id. It holds
// what a meeting's members all see alike (access is checked against the database on every request,
// before the cache is consulted), so one entry serves every member.
//
// Every write that changes what these routes return calls `invalidate(meetingId)` itself once its
// transaction has committed: a new summary (ai.service.ts), a new or corrected utterance
// (live-results, transcription, transcript-translation), a deleted message (messages.service.ts), a
// deleted meeting (meetings.service.ts); cache-invalidation.test.ts holds the routes to it.
// Invalidating before the commit would let a concurrent read refill the entry with the old rows.
// A read that began before an invalidation and ends after it holds rows that may
// predate the write, so a read takes a `readToken()` before it queries and `fill…` drops its rows
// when the meeting was invalidated since. With several server processes on one PostgreSQL database,
// each entry also carries the meeting's shared version (store/cache-versions.store.ts) read before
// the database was: an invalidation moves that version before the write is acknowledged, and an
// entry is served only while the version it was filled under is still the current one.

/**
 * What a service that writes a meeting's summaries or utterances holds of the cache: it calls
 * `invalidate(meetingId)` at the write, after the transaction (services/services.ts hands it in).
 */
export type MeetingDataInvalidator = Pick<MeetingDataCache, 'invalidate'>;

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

/** Taken before a read of the database: this process's epoch and the meeting's shared version. */
export interface ReadToken {
  epoch: number;
  version: string;
}

interface Versioned<V> {
  version: string;
  value: V;
}

export class MeetingDataCache {
  readonly summaries: LruCache<string, Versioned<CachedSummary>>;
  readonly transcripts: LruCache<string, Versioned<TranscriptRecord[]>>;
  /** Counts invalidations; a read token is its value when the read began. */
  private epoch = 0;
  /** Epoch of each meeting's latest invalidation (forgotten in bulk past TRACKED_INVALIDATIONS). */
  private readonly invalidatedAt = new Map<string, number>();
  /** Tokens older than this cannot be judged (their invalidations were forgotten) and fill nothing. */
  private forgottenBefore = 0;

  constructor(
    clock: Clock,
    private readonly versions: CacheVersions,
    options: MeetingCacheOptions = {},
  ) {
    const lru = {
      maxEntries: options.maxEntries ?? MEETING_CACHE_DEFAULTS.maxEntries,
      maxWeight: options.maxWeight ?? MEETING_CACHE_DEFAULTS.maxWeight,
      ttlMicros: (options.ttlMs ?? MEETING_CACHE_DEFAULTS.ttlMs) * 1000,
      clock,
      weigh: (entry: Versioned<unknown>) => jsonWeight(entry.value),
    };
    this.summaries = new LruCache<string, Versioned<CachedSummary>>(lru);
    this.transcripts = new LruCache<string, Versioned<TranscriptRecord[]>>(lru);
  }

  /**
   * Take before reading the database (and before asking the cache: on PostgreSQL the shared version
   * decides whether an entry may be served); hand it to `fill…` with what was read.
   */
  async readToken(meetingId: string): Promise<ReadToken> {
    const epoch = this.epoch;
    return { epoch, version: await this.versions.current(meetingId) };
  }

  /** The cached summary, if it was filled under the token's shared version. */
  summary(meetingId: string, token: ReadToken): CachedSummary | undefined {
    return current(this.summaries.get(meetingId), token);
  }

  /** The cached transcripts, if they were filled under the token's shared version. */
  transcriptsOf(meetingId: string, token: ReadToken): TranscriptRecord[] | undefined {
    return current(this.transcripts.get(meetingId), token);
  }

  /** Caches the summary read under `token`, unless the meeting was invalidated since. */
  fillSummary(meetingId: string, token: ReadToken, summary: CachedSummary): void {
    if (this.unchangedSince(meetingId, token.epoch)) {
      this.summaries.set(meetingId, { version: token.version, value: summary });
    }
  }

  /** Caches the transcripts read under `token`, unless the meeting was invalidated since. */
  fillTranscripts(meetingId: string, token: ReadToken, transcripts: TranscriptRecord[]): void {
    if (this.unchangedSince(meetingId, token.epoch)) {
      this.transcripts.set(meetingId, { version: token.version, value: transcripts });
    }
  }

  /**
   * Drops everything cached for the meeting, here and (through its shared version) in every other
   * process; the next read goes to the database. Await it before acknowledging the write.
   */
  async invalidate(meetingId: string): Promise<void> {
    this.epoch++;
    this.invalidatedAt.set(meetingId, this.epoch);
    if (this.invalidatedAt.size > TRACKED_INVALIDATIONS) this.forget();
    this.summaries.delete(meetingId);
    this.transcripts.delete(meetingId);
    await this.versions.bump(meetingId);
  }

  /** Drops every entry of every process (the emulator's reset wipes the whole database). */
  async clear(): Promise<void> {
    this.dropLocal();
    await this.versions.bumpAll();
  }

  /** Drops every entry of this process only (another process reset the database). */
  dropLocal(): void {
    this.epoch++;
    this.forget();
    this.summaries.clear();
    this.transcripts.clear();
  }

  private unchangedSince(meetingId: string, epoch: number): boolean {
    return epoch >= this.forgottenBefore && (this.invalidatedAt.get(meetingId) ?? 0) <= epoch;
  }

  private forget(): void {
    this.invalidatedAt.clear();
    this.forgottenBefore = this.epoch;
  }

  stats(): { summaries: LruStats; transcripts: LruStats } {
    return { summaries: this.summaries.stats(), transcripts: this.transcripts.stats() };
  }
}

function current<V>(entry: Versioned<V> | undefined, token: ReadToken): V | undefined {
  return entry && entry.version === token.version ? entry.value : undefined;
}

import type { GetMeetingsResponse } from '@parley/schemas/types';
import { JsonText } from '../../core/json-text.js';
import type { MeetingRow } from '../../store/meetings.store.js';
import type { Repositories } from '../../store/store.js';
import { fallbackProfile, profilesOf, toMeeting } from './meeting.view.js';

// get-meetings' answer as JSON text, exactly `JSON.stringify({success, meetings: meetingViews(rows),
// has_more})` (meeting-json-cache.test.ts holds it to that), built with less work per request.
// A meeting's own fields are a pure function of its row, and a row's `updated_us` is its version:
// every write of a meeting row moves it (meetings.store.ts, meeting-roster.store.ts;
// meeting-roster.test.ts checks the roster writes), so the JSON of a meeting is kept per
// (id, updated_us) and reused. A page whose listed versions are all kept needs no meeting columns
// from the database at all; profiles come from the users table and are rendered for every request.
// Why: the page is the busiest read (integrations poll it). In bench:rest, reading 16 columns of
// 51 rows, building 50 views and serializing them was ~400 µs of ~900 µs of CPU per request; with
// the cached JSON it is ~60 µs (server/bench/README.md, `bench:rest`).

/** Meetings whose JSON is cached; past this the oldest entry goes (a few MB at most). */
const CACHED_MEETINGS = 5_000;

interface CachedMeeting {
  updatedUs: number;
  /** The meeting's JSON object without its closing brace; user_profiles come last. */
  head: string;
  participantIds: string[];
}

export class MeetingJsonCache {
  private readonly cached = new Map<string, CachedMeeting>();

  /**
   * Forgets all cached meeting JSON. The emulator's reset calls it: a seed loaded afterwards may bring
   * a meeting back with its old id and updated_at but other content. (Another server process on the
   * same PostgreSQL database keeps its own cache; reset is a test and demo tool.)
   */
  clear(): void {
    this.cached.clear();
  }

  /** The page from cached meeting JSON alone; undefined when a listed version is not cached. */
  async renderCached(
    repos: Repositories,
    versions: readonly Pick<MeetingRow, 'id' | 'updated_us'>[],
    hasMore: boolean,
  ): Promise<JsonText<GetMeetingsResponse> | undefined> {
    const meetings: CachedMeeting[] = [];
    for (const { id, updated_us } of versions) {
      const kept = this.cached.get(id);
      if (kept?.updatedUs !== updated_us) return undefined;
      meetings.push(kept);
    }
    return this.page(repos, meetings, hasMore);
  }

  /** The page of these rows, rendering (and keeping) the meetings not cached at their version. */
  render(
    repos: Repositories,
    rows: readonly MeetingRow[],
    hasMore: boolean,
  ): Promise<JsonText<GetMeetingsResponse>> {
    return this.page(
      repos,
      rows.map((row) => this.meeting(row)),
      hasMore,
    );
  }

  private async page(
    repos: Repositories,
    meetings: readonly CachedMeeting[],
    hasMore: boolean,
  ): Promise<JsonText<GetMeetingsResponse>> {
    const everyone = new Set<string>();
    for (const meeting of meetings) for (const id of meeting.participantIds) everyone.add(id);
    const profiles = await profilesOf(repos, [...everyone]);
    const profileTexts = new Map<string, string>();
    // One array joined once: concatenating ~400 pieces makes V8 build and later flatten a rope.
    const parts: string[] = ['{"success":true,"meetings":['];
    for (let i = 0; i < meetings.length; i++) {
      const { head, participantIds } = meetings[i] as CachedMeeting;
      parts.push(i === 0 ? head : `,${head}`, ',"user_profiles":[');
      for (let j = 0; j < participantIds.length; j++) {
        const id = participantIds[j] as string;
        let text = profileTexts.get(id);
        if (text === undefined) {
          text = JSON.stringify(profiles.get(id) ?? fallbackProfile(id));
          profileTexts.set(id, text);
        }
        parts.push(j === 0 ? text : `,${text}`);
      }
      parts.push(']}');
    }
    parts.push(`],"has_more":${hasMore}}`);
    return new JsonText(parts.join(''));
  }

  /** The cached JSON of the row, or a new one (kept, the oldest dropped past the bound). */
  private meeting(row: MeetingRow): CachedMeeting {
    const kept = this.cached.get(row.id);
    if (kept?.updatedUs === row.updated_us) return kept;
    const participantIds = row.participant_ids;
    const head = JSON.stringify(toMeeting(row, participantIds, row.co_host_ids)).slice(0, -1);
    const fresh = { updatedUs: row.updated_us, head, participantIds };
    this.cached.delete(row.id);
    if (this.cached.size >= CACHED_MEETINGS) {
      const oldest = this.cached.keys().next();
      if (!oldest.done) this.cached.delete(oldest.value);
    }
    this.cached.set(row.id, fresh);
    return fresh;
  }
}

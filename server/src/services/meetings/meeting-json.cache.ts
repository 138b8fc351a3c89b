import type { GetMeetingsResponse, UserProfile } from '@parley/schemas/types';
import { JsonText } from '../../core/json-text.js';
import type { MeetingRow } from '../../store/meetings.store.js';
import { fallbackProfile, toMeeting } from './meeting.view.js';

// A speed-up of get-meetings: each meeting's JSON is kept by (id, updated_us) and reused, and the
// page is joined from those texts. Why, measured: building 50 views and serializing them was ~400 µs
// of ~900 µs of CPU per request in bench:rest; from cached JSON it is ~60 µs (server/bench/README.md).
// It holds because a meeting's own fields are a pure function of its row and every write of a row
// moves its `updated_us` (meetings.store.ts, meeting-roster.store.ts; meeting-roster.test.ts checks
// the roster writes). The answer stays exactly JSON.stringify({success, meetings: meetingViews(rows),
// has_more}); meeting-json.cache.test.ts holds it to that byte for byte.

/** Meetings whose JSON is kept; past this the oldest entry goes (a few MB at most). */
const MEETINGS_KEPT = 5_000;

/** A meeting's JSON, ready for its profiles. */
export interface MeetingJson {
  updatedUs: number;
  /** The Meeting object's JSON without its closing `}`: `user_profiles` is appended last. */
  open: string;
  participantIds: readonly string[];
}

export class MeetingJsonCache {
  private readonly kept = new Map<string, MeetingJson>();

  /**
   * Forgets every cached meeting JSON. The emulator's reset calls it: a seed loaded afterwards may bring a
   * meeting back with its old id and updated_at but other content. (Another server process on the
   * same PostgreSQL database keeps its own; reset is a test and demo tool.)
   */
  clear(): void {
    this.kept.clear();
  }

  /** The kept JSON of every listed version, or undefined when one is not kept at that version. */
  cached(versions: readonly Pick<MeetingRow, 'id' | 'updated_us'>[]): MeetingJson[] | undefined {
    const found: MeetingJson[] = [];
    for (const { id, updated_us } of versions) {
      const kept = this.kept.get(id);
      if (kept?.updatedUs !== updated_us) return undefined;
      found.push(kept);
    }
    return found;
  }

  /** The row's JSON: the kept one at its version, or a new one (kept, the oldest dropped past the bound). */
  of(row: MeetingRow): MeetingJson {
    const kept = this.kept.get(row.id);
    if (kept?.updatedUs === row.updated_us) return kept;
    const participantIds = row.participant_ids;
    const open = JSON.stringify(toMeeting(row, participantIds, row.co_host_ids)).slice(0, -1);
    const fresh = { updatedUs: row.updated_us, open, participantIds };
    this.kept.delete(row.id);
    if (this.kept.size >= MEETINGS_KEPT) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(row.id, fresh);
    return fresh;
  }
}

/** Every participant id of the page, once each (whose profiles the page needs). */
export function participantsOf(meetings: readonly MeetingJson[]): string[] {
  const everyone = new Set<string>();
  for (const meeting of meetings) for (const id of meeting.participantIds) everyone.add(id);
  return [...everyone];
}

/** get-meetings' answer joined from the meetings' JSON and their participants' profiles. */
export function meetingPageJson(
  meetings: readonly MeetingJson[],
  profiles: ReadonlyMap<string, UserProfile>,
  hasMore: boolean,
): JsonText<GetMeetingsResponse> {
  const profileTexts = new Map<string, string>();
  // One array joined once: concatenating ~400 pieces makes V8 build and later flatten a rope.
  const parts: string[] = ['{"success":true,"meetings":['];
  for (let i = 0; i < meetings.length; i++) {
    const { open, participantIds } = meetings[i] as MeetingJson;
    parts.push(i === 0 ? open : `,${open}`, ',"user_profiles":[');
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

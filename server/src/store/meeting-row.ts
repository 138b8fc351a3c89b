import { fromJson, toJson } from './json-columns.js';
import type { MeetingsTable } from './meetings.tables.js';

// A meeting row as the services use it, and its encoding in the meetings table (JSON lists in
// TEXT, the flag as 0/1): whole rows are read and written through decodeMeeting/encodeMeeting.

/** The JSON list columns of a meeting row; a MeetingRow holds them decoded. */
type ListColumn = 'languages' | 'translation_languages' | 'tags' | 'participant_ids' | 'co_host_ids';

/**
 * A stored meeting with its columns decoded. `participant_ids` are in their stored order (the host
 * first), `co_host_ids` in the order the users were made co-hosts.
 */
export type MeetingRow = Omit<MeetingsTable, ListColumn | 'allow_add_translation_languages'> &
  Record<ListColumn, string[]> & { allow_add_translation_languages: boolean };

/** A complete meeting without its roster (emulator seed); add* fill the roster afterwards. */
export type ImportedMeeting = Omit<MeetingRow, 'participant_ids' | 'co_host_ids'>;

export const listOf = (text: string): string[] => fromJson<string[]>(text, []);

/**
 * A meeting row as the services use it: lists decoded, the flag a boolean. Field by field rather
 * than by spread, so every decoded row has one shape (get-meetings decodes 50 a page, bench:rest).
 */
export function decodeMeeting(row: MeetingsTable): MeetingRow {
  return {
    id: row.id,
    host_user_id: row.host_user_id,
    title: row.title,
    status: row.status,
    language: row.language,
    invitation_link_expires_us: row.invitation_link_expires_us,
    start_us: row.start_us,
    end_us: row.end_us,
    created_us: row.created_us,
    updated_us: row.updated_us,
    languages: listOf(row.languages),
    translation_languages: listOf(row.translation_languages),
    tags: listOf(row.tags),
    allow_add_translation_languages: row.allow_add_translation_languages === 1,
    participant_ids: listOf(row.participant_ids),
    co_host_ids: listOf(row.co_host_ids),
  };
}

/**
 * Every column of the meetings table, in the order prepared inserts bind them. Written as a Record
 * of the table so the compiler refuses a list that misses a column or names one it lacks.
 */
export const MEETING_COLUMNS = Object.keys({
  id: 1,
  host_user_id: 1,
  title: 1,
  status: 1,
  language: 1,
  languages: 1,
  translation_languages: 1,
  allow_add_translation_languages: 1,
  tags: 1,
  invitation_link_expires_us: 1,
  start_us: 1,
  end_us: 1,
  created_us: 1,
  updated_us: 1,
  participant_ids: 1,
  co_host_ids: 1,
} satisfies Record<keyof MeetingsTable, 1>) as (keyof MeetingsTable)[];

export function encodeMeeting(row: MeetingRow): MeetingsTable {
  return {
    ...row,
    languages: toJson(row.languages),
    translation_languages: toJson(row.translation_languages),
    tags: toJson(row.tags),
    allow_add_translation_languages: row.allow_add_translation_languages ? 1 : 0,
    participant_ids: toJson(row.participant_ids),
    co_host_ids: toJson(row.co_host_ids),
  };
}

import type { Meeting, MeetingWithProfiles, UserProfile } from '@parley/schemas/types';
import type { MeetingRow } from '../../store/meetings.store.js';
import type { Repositories } from '../../store/store.js';
import { formatMicros } from '../timestamps.js';
import { emailOf, isEmailParticipant } from './participant-ids.js';

// Stored meeting rows -> the Meeting resource of the spec. Participant and co-host ids come with
// the row (its roster copy); the participants' profiles for a whole page take one users query.

/** A meeting with every field the server always fills in (the schema leaves some optional). */
export type MeetingView = Meeting &
  Required<
    Pick<
      Meeting,
      | 'co_host_ids'
      | 'language'
      | 'translation_languages'
      | 'languages'
      | 'allow_users_to_add_translation_languages'
      | 'invitation_link_expires_at'
    >
  >;

export type MeetingViewWithProfiles = MeetingView & MeetingWithProfiles;

export async function meetingViews(
  repos: Repositories,
  rows: readonly MeetingRow[],
): Promise<MeetingViewWithProfiles[]> {
  const rosters = rows.map((row) => row.participant_ids);
  const profiles = await profilesOf(repos, [...new Set(rosters.flat())]);
  return rows.map((row, i) => {
    const participantIds = rosters[i] ?? [];
    const view = toMeeting(row, participantIds, row.co_host_ids) as MeetingViewWithProfiles;
    view.user_profiles = participantIds.map((id) => profiles.get(id) ?? fallbackProfile(id));
    return view;
  });
}

export async function meetingView(repos: Repositories, row: MeetingRow): Promise<MeetingViewWithProfiles> {
  const [view] = await meetingViews(repos, [row]);
  if (!view) throw new Error(`meeting ${row.id} vanished while rendering`);
  return view;
}

// Built field by field in the documented order rather than with spreads: every view then has one
// of two shapes (with or without end_at), which V8 builds and JSON.stringify serializes fast;
// get-meetings renders 50 of them per request (bench:rest).
export function toMeeting(row: MeetingRow, participantIds: string[], coHostIds: string[]): MeetingView {
  const view: Partial<MeetingView> = {
    id: row.id,
    host_user_id: row.host_user_id,
    participant_ids: participantIds,
    co_host_ids: coHostIds,
    start_at: formatMicros(row.start_us),
  };
  if (row.end_us !== null) view.end_at = formatMicros(row.end_us);
  view.status = row.status;
  view.title = row.title;
  view.created_at = formatMicros(row.created_us);
  view.updated_at = formatMicros(row.updated_us);
  view.language = row.language;
  view.translation_languages = row.translation_languages;
  view.languages = row.languages;
  view.allow_users_to_add_translation_languages = row.allow_add_translation_languages;
  view.invitation_link_expires_at = formatMicros(row.invitation_link_expires_us);
  return view as MeetingView;
}

/** Registered users by id; `em:` invitees by the user with that address, else by the address itself. */
export async function profilesOf(
  repos: Repositories,
  participantIds: string[],
): Promise<Map<string, UserProfile>> {
  const bare = participantIds.filter((id) => !isEmailParticipant(id));
  const emails = participantIds.filter(isEmailParticipant).map(emailOf);
  const profiles = new Map<string, UserProfile>();
  // One query finds both kinds; a user may be on the page by id and by address alike.
  const wanted = new Set(participantIds);
  for (const user of await repos.accounts.usersByIdsOrEmails(bare, emails)) {
    if (wanted.has(user.id)) profiles.set(user.id, { id: user.id, email: user.email, name: user.name });
    const byEmail = `em:${user.email}`;
    if (wanted.has(byEmail)) profiles.set(byEmail, { id: byEmail, email: user.email, name: user.name });
  }
  return profiles;
}

export function fallbackProfile(participantId: string): UserProfile {
  if (!isEmailParticipant(participantId)) return { id: participantId, email: '', name: '' };
  const email = emailOf(participantId);
  return { id: participantId, email, name: email.split('@')[0] ?? email };
}

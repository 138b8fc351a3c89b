import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import type { MeetingRow } from '../../store/meetings.store.js';
import type { Repositories } from '../../store/store.js';

// The one gate to a meeting for every route that names a meeting_id. Another user's meeting and a
// meeting that does not exist give the same 404, so ids cannot be probed; a member without the
// right role gets 403.

export type MeetingRole = 'host' | 'co-host' | 'participant';

export interface MeetingAccess {
  meeting: MeetingRow;
  role: MeetingRole;
}

/**
 * `lock` (for a caller about to change the roster) holds the meeting row until the transaction
 * ends, so the role and roster it checks cannot change underneath it (MeetingsStore.getVisible).
 */
export async function requireMeeting(
  repos: Repositories,
  caller: Caller,
  meetingId: string,
  options?: { lock: boolean },
): Promise<MeetingAccess> {
  const viewer = { userId: caller.userId, email: caller.email };
  const meeting = await repos.meetings.getVisible(meetingId, viewer, options);
  if (!meeting) throw ApiError.notFound('Meeting');
  if (meeting.host_user_id === caller.userId) return { meeting, role: 'host' };
  return { meeting, role: meeting.co_host_ids.includes(caller.userId) ? 'co-host' : 'participant' };
}

/** Throws 403 unless the caller's role is one of `allowed`; `action` completes "Only ... may <action>". */
export function requireRole(access: MeetingAccess, allowed: readonly MeetingRole[], action: string): void {
  if (allowed.includes(access.role)) return;
  const who = allowed.length === 1 && allowed[0] === 'host' ? 'the host' : 'the host or a co-host';
  throw ApiError.forbidden(`Only ${who} may ${action}`);
}

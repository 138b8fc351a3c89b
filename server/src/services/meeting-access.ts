import type { MeetingRow } from '../store/meetings.store.js';
import type { Repositories } from '../store/store.js';
import { ApiError } from './api-error.js';
import type { Caller } from './caller.js';

// The one gate to a meeting for every route that names a meeting_id. Another user's meeting and a
// meeting that does not exist give the same 404, so ids cannot be probed; a member without the
// right role gets 403.

export type MeetingRole = 'host' | 'co-host' | 'participant';

export interface MeetingAccess {
  meeting: MeetingRow;
  role: MeetingRole;
}

export async function requireMeeting(
  repos: Repositories,
  caller: Caller,
  meetingId: string,
): Promise<MeetingAccess> {
  const meeting = await repos.meetings.getVisible(meetingId, { userId: caller.userId, email: caller.email });
  if (!meeting) throw ApiError.notFound('Meeting');
  if (meeting.host_user_id === caller.userId) return { meeting, role: 'host' };
  const coHosts = (await repos.meetings.coHosts([meetingId])).get(meetingId) ?? [];
  return { meeting, role: coHosts.includes(caller.userId) ? 'co-host' : 'participant' };
}

/** Throws 403 unless the caller's role is one of `allowed`; `action` completes "Only ... may <action>". */
export function requireRole(access: MeetingAccess, allowed: readonly MeetingRole[], action: string): void {
  if (allowed.includes(access.role)) return;
  const who = allowed.length === 1 && allowed[0] === 'host' ? 'the host' : 'the host or a co-host';
  throw ApiError.forbidden(`Only ${who} may ${action}`);
}

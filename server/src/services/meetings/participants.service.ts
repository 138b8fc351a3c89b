import type {
  AddMeetingParticipantsRequest,
  AddMeetingParticipantsResponse,
  AssignCoHostRequest,
  AssignCoHostResponse,
  RemoveCoHostRequest,
  RemoveCoHostResponse,
  RemoveMeetingParticipantsRequest,
  RemoveMeetingParticipantsResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import type { Repositories, Store } from '../../store/store.js';
import { meetingView } from './meeting.view.js';
import { requireMeeting, requireRole } from './meeting-access.js';
import { normalizeParticipantId, resolveParticipantIds } from './participant-ids.js';

// add/remove-meeting-participants (host or co-host) and assign/remove-co-host (host only).
// Every change gives the meeting a new updated_at, so it moves to the top of get-meetings.

type MeetingResponse = AddMeetingParticipantsResponse &
  RemoveMeetingParticipantsResponse &
  AssignCoHostResponse &
  RemoveCoHostResponse;

export class ParticipantsService {
  constructor(private readonly store: Store) {}

  add(caller: Caller, body: AddMeetingParticipantsRequest): Promise<MeetingResponse> {
    return this.change(caller, body.meeting_id, async (repos, access) => {
      requireRole(access, ['host', 'co-host'], 'add participants');
      const ids = await resolveParticipantIds(repos, body.participant_ids);
      await repos.meetingRoster.addParticipants(access.meeting.id, ids);
    });
  }

  remove(caller: Caller, body: RemoveMeetingParticipantsRequest): Promise<MeetingResponse> {
    return this.change(caller, body.meeting_id, async (repos, access) => {
      requireRole(access, ['host', 'co-host'], 'remove participants');
      const ids = body.participant_ids.map(normalizeParticipantId);
      if (ids.includes(access.meeting.host_user_id)) {
        throw ApiError.badRequest('The host cannot be removed from the meeting');
      }
      await repos.meetingRoster.removeParticipants(access.meeting.id, ids);
      // A co-host who is no longer a participant is no longer a co-host either.
      await repos.meetingRoster.removeCoHosts(access.meeting.id, ids);
    });
  }

  assignCoHosts(caller: Caller, body: AssignCoHostRequest): Promise<MeetingResponse> {
    return this.change(caller, body.meeting_id, async (repos, access) => {
      requireRole(access, ['host'], 'assign co-hosts');
      const meetingId = access.meeting.id;
      if (body.user_ids.includes(access.meeting.host_user_id)) {
        throw ApiError.badRequest('The host cannot be a co-host of their own meeting');
      }
      const participants = access.meeting.participant_ids;
      const outsiders = body.user_ids.filter((id) => !participants.includes(id));
      if (outsiders.length > 0) {
        throw ApiError.badRequest(`Not a participant of the meeting: ${outsiders.join(', ')}`);
      }
      await repos.meetingRoster.addCoHosts(meetingId, body.user_ids);
    });
  }

  removeCoHosts(caller: Caller, body: RemoveCoHostRequest): Promise<MeetingResponse> {
    return this.change(caller, body.meeting_id, async (repos, access) => {
      requireRole(access, ['host'], 'remove co-hosts');
      await repos.meetingRoster.removeCoHosts(access.meeting.id, body.user_ids);
    });
  }

  private change(
    caller: Caller,
    meetingId: string,
    apply: (repos: Repositories, access: Awaited<ReturnType<typeof requireMeeting>>) => Promise<void>,
  ): Promise<MeetingResponse> {
    return this.store.transaction(async (repos) => {
      const access = await requireMeeting(repos, caller, meetingId, { lock: true });
      await apply(repos, access);
      await repos.meetings.touch(access.meeting.id);
      const row = await repos.meetings.get(access.meeting.id);
      if (!row) throw ApiError.notFound('Meeting');
      return { success: true, meeting: await meetingView(repos, row) };
    });
  }
}

import type {
  CreateMeetingRequest,
  CreateMeetingResponse,
  DeleteMeetingRequest,
  DeleteMeetingResponse,
  GetMeetingsRequest,
  GetMeetingsResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { HookEvent, Limits, MeetingStatus } from '../../core/contracts.js';
import type { JsonText } from '../../core/json-text.js';
import type { Store } from '../../store/store.js';
import type { MeetingDataInvalidator } from '../cached-data/cached-data.cache.js';
import { cursorMicros, takePage } from '../paging.js';
import { emitHookEvent } from '../partner/hook-events.js';
import { type MeetingViewWithProfiles, meetingView, profilesOf, toMeeting } from './meeting.view.js';
import { requireMeeting, requireRole } from './meeting-access.js';
import { MeetingJsonCache, meetingPageJson, participantsOf } from './meeting-json.cache.js';
import { resolveParticipantIds } from './participant-ids.js';

// create-meeting, delete-meeting, get-meetings. Each method is what its route does, step by step;
// the SQL it runs is in the store's file for the table (store/meetings.store.ts).

/** Language of a meeting whose host has no default settings (the spec's device_language_code default). */
const FALLBACK_LANGUAGE = 'en';
/** How long the invitation link of a new meeting stays valid (the spec gives no value). */
const INVITATION_LINK_TTL_MICROS = 7 * 24 * 60 * 60 * 1_000_000;

export class MeetingsService {
  private readonly meetingJson = new MeetingJsonCache();

  constructor(
    private readonly store: Store,
    private readonly cache: MeetingDataInvalidator,
  ) {}

  async create(caller: Caller, body: CreateMeetingRequest): Promise<CreateMeetingResponse> {
    return this.store.transaction(async (repos) => {
      const invited = await resolveParticipantIds(repos, body.participant_ids ?? []);
      const settings = await repos.settings.get(caller.userId);
      const spoken = settings?.original_languages ?? [];
      const language = spoken[0] ?? FALLBACK_LANGUAGE;
      const row = await repos.meetings.insert({
        hostUserId: caller.userId,
        title: body.title ?? '',
        status: MeetingStatus.LIVE,
        language,
        languages: spoken.length > 0 ? spoken : [language],
        translationLanguages: settings?.translation_languages ?? [],
        allowAddTranslationLanguages: true,
        invitationLinkTtlMicros: INVITATION_LINK_TTL_MICROS,
        participantIds: [caller.userId, ...invited.filter((id) => id !== caller.userId)],
      });
      await emitHookEvent(repos, { event: HookEvent.MEETING_CREATED, meetingId: row.id, itemId: row.id });
      // create-meeting's answer has no user_profiles: the roster's users are not read for it.
      const meeting = toMeeting(row, row.participant_ids, row.co_host_ids);
      return { meeting: { ...meeting, status: MeetingStatus.LIVE } };
    });
  }

  async delete(caller: Caller, body: DeleteMeetingRequest): Promise<DeleteMeetingResponse> {
    try {
      return await this.store.transaction(async (repos) => {
        const access = await requireMeeting(repos, caller, body.meeting_id);
        requireRole(access, ['host'], 'delete a meeting');
        await repos.meetings.delete(access.meeting.id);
        return { success: true };
      });
    } finally {
      // Its cached summaries and transcripts go with it. After a failure too: a failed call may
      // still have committed, and a needless invalidation costs one database read.
      await this.cache.invalidate(body.meeting_id);
    }
  }

  /** Ends a live meeting (emulator and jobs; no caller). 404 for an unknown one, 409 if already ended. */
  async end(meetingId: string): Promise<MeetingViewWithProfiles> {
    return this.store.transaction(async (repos) => {
      const before = await repos.meetings.get(meetingId);
      if (!before) throw ApiError.notFound('Meeting');
      const ended = await repos.meetings.end(meetingId, {
        from: MeetingStatus.LIVE,
        to: MeetingStatus.ENDED,
      });
      if (!ended) throw new ApiError('CONFLICT', `Meeting is not live (status ${before.status})`);
      await emitHookEvent(repos, { event: HookEvent.MEETING_ENDED, meetingId, itemId: meetingId });
      const row = await repos.meetings.get(meetingId);
      if (!row) throw ApiError.notFound('Meeting');
      return meetingView(repos, row);
    });
  }

  /** Forgets get-meetings' cached meeting JSON (the emulator's reset). */
  forgetCachedJson(): void {
    this.meetingJson.clear();
  }

  /**
   * get-meetings: the viewer's meetings, most recently updated first, as the answer's JSON text.
   * First the page's (id, updated_us) pairs only: when every listed meeting's JSON is kept at that
   * version (meeting-json.cache.ts), no meeting columns are read. Otherwise the page's rows, whole,
   * in one statement, so the page is one snapshot. Then the participants' profiles, one query.
   */
  async list(caller: Caller, body: GetMeetingsRequest): Promise<JsonText<GetMeetingsResponse>> {
    const limit = body.limit ?? Limits.meetings.default;
    const viewer = { userId: caller.userId, email: caller.email };
    const window = { beforeUs: cursorMicros(body.last_updated_at), limit: limit + 1 };
    const versions = takePage(await this.store.meetings.listVisibleVersions(viewer, window), limit);
    let meetings = this.meetingJson.cached(versions.items);
    let hasMore = versions.hasMore;
    if (!meetings) {
      const rows = takePage(await this.store.meetings.listVisible(viewer, window), limit);
      meetings = rows.items.map((row) => this.meetingJson.of(row));
      hasMore = rows.hasMore;
    }
    const profiles = await profilesOf(this.store, participantsOf(meetings));
    return meetingPageJson(meetings, profiles, hasMore);
  }
}

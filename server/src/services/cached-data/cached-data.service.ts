import type {
  GetMeetingSummaryRequest,
  GetMeetingSummaryResponse,
  GetMeetingTranscriptsRequest,
  GetMeetingTranscriptsResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import type { Store } from '../../store/store.js';
import { requireMeeting } from '../meetings/meeting-access.js';
import type { MeetingDataCache } from './cached-data.cache.js';
import { cachedSummaryView, MAX_UTTERANCES, transcriptRecords } from './cached-data.view.js';

// get-meeting-summary and get-meeting-transcripts. Membership is checked against the database on
// every call (a removed participant or a deleted meeting is a 404 at once), alongside the meeting's
// shared cache version on PostgreSQL; only the meeting's content comes from the cache. force_refresh reads the database and refreshes the entry.

export class CachedDataService {
  constructor(
    private readonly store: Store,
    private readonly cache: MeetingDataCache,
  ) {}

  async summary(caller: Caller, body: GetMeetingSummaryRequest): Promise<GetMeetingSummaryResponse> {
    const [{ meeting }, token] = await Promise.all([
      requireMeeting(this.store, caller, body.meeting_id),
      this.cache.readToken(body.meeting_id),
    ]);
    const cached = body.force_refresh === true ? undefined : this.cache.summary(meeting.id, token);
    if (cached) return { success: true, summary: cached };
    const row = await this.store.summaryCache.latestSummary(meeting.id);
    // Absence is not cached: the first summary then shows up without waiting for an invalidation.
    if (!row) {
      this.cache.summaries.delete(meeting.id);
      throw new ApiError(
        'NOT_FOUND',
        'This meeting has no summary yet; create one with POST /v1/summarize-meeting',
      );
    }
    const summary = cachedSummaryView(row);
    this.cache.fillSummary(meeting.id, token, summary);
    return { success: true, summary };
  }

  async transcripts(
    caller: Caller,
    body: GetMeetingTranscriptsRequest,
  ): Promise<GetMeetingTranscriptsResponse> {
    const [{ meeting }, token] = await Promise.all([
      requireMeeting(this.store, caller, body.meeting_id),
      this.cache.readToken(body.meeting_id),
    ]);
    const cached = body.force_refresh === true ? undefined : this.cache.transcriptsOf(meeting.id, token);
    if (cached) return { success: true, transcripts: cached };
    const transcripts = transcriptRecords(
      meeting.id,
      await this.store.transcription.utterancesInOrder(meeting.id, MAX_UTTERANCES),
    );
    this.cache.fillTranscripts(meeting.id, token, transcripts);
    return { success: true, transcripts };
  }
}

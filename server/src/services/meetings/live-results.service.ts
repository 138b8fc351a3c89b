import { ApiError } from '../../core/api-error.js';
import type { Clock } from '../../core/clock.js';
import { HookEvent, MeetingStatus } from '../../core/contracts.js';
import type {
  LiveInterim,
  LiveResultsSink,
  LiveSessionEnd,
  LiveSessionInfo,
  LiveSessionRecorder,
  LiveUtterance,
} from '../../engines/stt/live-stt.contract.js';
import type { Store } from '../../store/store.js';
import type { MeetingDataCache } from '../cached-data/cached-data.cache.js';
import { emitHookEvent } from '../partner/hook-events.js';
import { requireMeeting } from './meeting-access.js';
import type { TranscriptTranslationService } from './transcript-translation.service.js';

// Where live STT results become meeting data (stream-config.meeting_id, schemas/README.md). One
// chunk row per utterance, keyed by the utterance id the client saw: each interim rewrites it (with
// a new updated_at, so pollers of get-live-transcription-chunks receive it again) and the final
// marks it final; the final is also stored as a transcript utterance with the same id. The
// session id is the `meeting_message_id` / `message_id` of everything a stream produced, so the
// routes' `message_id` filter selects one stream. The meeting ends (EMS_ENDED) when its last open
// stream finishes with the client's end-of-audio frame; a dropped connection does not end it. A stored
// final is handed to the transcript translation queue, which never delays the stream.

const secondsOf = (ms: number) => Math.round(ms) / 1000;

export class LiveResultsService implements LiveResultsSink {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cache: MeetingDataCache,
    private readonly translations?: TranscriptTranslationService,
  ) {}

  async openSession(info: LiveSessionInfo): Promise<LiveSessionRecorder | undefined> {
    const meetingId = info.meetingId;
    if (meetingId === undefined) return undefined;
    const rowId = await this.store.transaction(async (repos) => {
      const { meeting } = await requireMeeting(repos, info.caller, meetingId);
      if (meeting.status !== MeetingStatus.LIVE) throw ApiError.badRequest('Meeting has ended');
      return repos.liveSessions.open({
        session_id: info.sessionId,
        meeting_id: meetingId,
        user_id: info.caller.userId,
        started_us: this.clock.nowMicros(),
      });
    });
    return new MeetingRecorder(
      this.store,
      this.clock,
      this.cache,
      { meetingId, rowId },
      info,
      this.translations,
    );
  }
}

class MeetingRecorder implements LiveSessionRecorder {
  /** Utterance ids that already have a chunk row. */
  private readonly chunked = new Set<string>();
  /** Set once a write found the meeting deleted: later results have nowhere to go. */
  private gone = false;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cache: MeetingDataCache,
    private readonly ids: { meetingId: string; rowId: string },
    private readonly info: LiveSessionInfo,
    private readonly translations: TranscriptTranslationService | undefined,
  ) {}

  private get meetingId(): string {
    return this.ids.meetingId;
  }

  async onInterim(interim: LiveInterim): Promise<void> {
    await this.write(async () => {
      await this.upsertChunk(this.store, interim, {
        final: false,
        language: this.info.languageHints[0] ?? 'en',
      });
    });
  }

  async onFinal(utterance: LiveUtterance): Promise<void> {
    await this.write(async () => {
      await this.store.transaction(async (repos) => {
        await this.upsertChunk(repos, utterance, {
          final: true,
          language: utterance.language,
          speaker: utterance.speaker ?? null,
        });
        await repos.transcription.insertUtterance({
          id: utterance.id,
          meeting_id: this.meetingId,
          message_id: this.info.sessionId,
          start_seconds: secondsOf(utterance.startMs),
          end_seconds: secondsOf(utterance.endMs),
          transcript: utterance.text,
          confidence: utterance.confidence,
          language: utterance.language,
          speaker_v2: utterance.speaker ?? null,
          texts: {},
        });
      });
      await this.cache.invalidate(this.meetingId);
      this.translations?.enqueue({ meetingId: this.meetingId, utteranceId: utterance.id, chunk: true });
    });
  }

  async onSessionEnd(end: LiveSessionEnd): Promise<void> {
    await this.store.transaction(async (repos) => {
      const closed = await repos.liveSessions.close(this.ids.rowId, {
        endedUs: this.clock.nowMicros(),
        reason: end.reason,
        finals: end.finals,
      });
      if (!closed || end.reason !== 'finished') return;
      if ((await repos.liveSessions.countOpen(this.meetingId)) > 0) return;
      if (!(await repos.meetings.end(this.meetingId, { from: MeetingStatus.LIVE, to: MeetingStatus.ENDED })))
        return;
      const meetingId = this.meetingId;
      await emitHookEvent(repos, { event: HookEvent.MEETING_ENDED, meetingId, itemId: meetingId });
    });
  }

  private async upsertChunk(
    repos: Pick<Store, 'transcription'>,
    result: { id: string; text: string; startMs: number; endMs: number },
    as: { final: boolean; language: string; speaker?: string | null },
  ): Promise<void> {
    const changes = {
      text: result.text,
      end_duration: secondsOf(result.endMs),
      is_final: as.final,
      language: as.language,
      ...(as.speaker !== undefined ? { speaker_v2: as.speaker } : {}),
    };
    if (this.chunked.has(result.id)) {
      await repos.transcription.updateChunk(this.meetingId, result.id, changes);
      return;
    }
    await repos.transcription.insertChunk({
      id: result.id,
      meeting_id: this.meetingId,
      meeting_message_id: this.info.sessionId,
      session_id: this.info.sessionId,
      start_duration: secondsOf(result.startMs),
      speaker_v2: null,
      texts: {},
      ...changes,
    });
    this.chunked.add(result.id);
  }

  /** Runs a write; once the meeting is found deleted, writes stop quietly instead of failing each time. */
  private async write(work: () => Promise<void>): Promise<void> {
    if (this.gone) return;
    try {
      await work();
    } catch (error) {
      if (!(await this.store.meetings.get(this.meetingId))) {
        this.gone = true;
        return;
      }
      throw error;
    }
  }
}

import type {
  GetLiveTranscriptionChunksRequest,
  GetLiveTranscriptionChunksResponse,
  GetTranscriptUtterancesRequest,
  GetTranscriptUtterancesResponse,
  UpdateTranscriptUtteranceRequest,
  UpdateTranscriptUtteranceResponse,
} from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { Limits } from '../../core/contracts.js';
import type { Store } from '../../store/store.js';
import type { ForwardPage } from '../../store/transcription.store.js';
import type { MeetingDataInvalidator } from '../cached-data/cached-data.cache.js';
import { cursorMicros, takePage } from '../paging.js';
import { requireMeeting } from './meeting-access.js';
import type { TranscriptTranslationService } from './transcript-translation.service.js';
import { chunkView, utteranceUpdateView, utteranceView } from './transcription.view.js';

// get-live-transcription-chunks, get-transcript-utterances, update-transcript-utterance. Any member
// of the meeting may read and correct. Both listings run forward: items updated strictly after
// `last_updated_at`, oldest first, so a client polls with the updated_at of the last item it has
// and also receives interim chunks that changed and utterances that were corrected since.

type ListRequest = GetLiveTranscriptionChunksRequest | GetTranscriptUtterancesRequest;

export class TranscriptionService {
  constructor(
    private readonly store: Store,
    private readonly cache: MeetingDataInvalidator,
    private readonly translations?: TranscriptTranslationService,
  ) {}

  async listChunks(
    caller: Caller,
    body: GetLiveTranscriptionChunksRequest,
  ): Promise<GetLiveTranscriptionChunksResponse> {
    const transcription = this.store.transcription;
    const { items, hasMore } = await this.forward(
      caller,
      body,
      (id, p) => transcription.listChunks(id, p),
      chunkView,
    );
    return { success: true, chunks: items, has_more: hasMore };
  }

  async listUtterances(
    caller: Caller,
    body: GetTranscriptUtterancesRequest,
  ): Promise<GetTranscriptUtterancesResponse> {
    const transcription = this.store.transcription;
    const { items, hasMore } = await this.forward(
      caller,
      body,
      (id, p) => transcription.listUtterances(id, p),
      utteranceView,
    );
    return { success: true, utterances: items, has_more: hasMore };
  }

  /** One forward page (see the header) of the caller's meeting, in the views of `view`. */
  private async forward<Row, View>(
    caller: Caller,
    body: ListRequest,
    list: (meetingId: string, page: ForwardPage) => Promise<Row[]>,
    view: (row: Row) => View,
  ): Promise<{ items: View[]; hasMore: boolean }> {
    const { meeting } = await requireMeeting(this.store, caller, body.meeting_id);
    const { page, limit } = forwardPage(body);
    const { items, hasMore } = takePage(await list(meeting.id, page), limit);
    return { items: items.map(view), hasMore };
  }

  /**
   * Replaces the utterance's text; `updated_at` moves, so pollers of get-transcript-utterances see
   * the correction. An entry of `texts` in the spoken language is the same text and follows it;
   * the meeting's translation languages are translated again off the request (the queue replaces
   * the old translations, or drops one that fails).
   */
  async updateUtterance(
    caller: Caller,
    body: UpdateTranscriptUtteranceRequest,
  ): Promise<UpdateTranscriptUtteranceResponse> {
    let answer: UpdateTranscriptUtteranceResponse;
    try {
      answer = await this.store.transaction(async (repos) => {
        const { meeting } = await requireMeeting(repos, caller, body.meeting_id);
        const current = await repos.transcription.getUtterance(meeting.id, body.id);
        if (!current) throw ApiError.notFound('Utterance');
        const texts = { ...current.texts };
        if (Object.hasOwn(texts, current.language)) texts[current.language] = body.transcript;
        const updated = await repos.transcription.updateUtteranceText(meeting.id, current.id, {
          transcript: body.transcript,
          texts,
        });
        if (!updated) throw ApiError.notFound('Utterance');
        return { success: true as const, utterance: utteranceUpdateView(updated) };
      });
    } finally {
      // The cached transcripts hold the old text. After a failure too (it may have committed).
      await this.cache.invalidate(body.meeting_id);
    }
    this.translations?.enqueue({ meetingId: body.meeting_id, utteranceId: body.id, chunk: false });
    return answer;
  }
}

function forwardPage(body: ListRequest): { page: ForwardPage; limit: number } {
  const limit = body.limit ?? Limits.transcription.default;
  // The schema requires the cursor; `?? 0` only satisfies the type of cursorMicros' result.
  const afterUs = cursorMicros(body.last_updated_at) ?? 0;
  return { page: { afterUs, limit: limit + 1, messageId: body.message_id ?? undefined }, limit };
}

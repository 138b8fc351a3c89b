import type {
  GetLiveTranscriptionChunksRequest,
  GetTranscriptUtterancesRequest,
  UpdateTranscriptUtteranceRequest,
} from '@parley/schemas/types';
import type { TranscriptionService } from '../services/meetings/transcription.service.js';
import type { RouteKit } from './route-kit.js';

export function transcriptionRoutes(kit: RouteKit, transcription: TranscriptionService): void {
  kit.mount('get-live-transcription-chunks', (body: GetLiveTranscriptionChunksRequest, caller) =>
    transcription.listChunks(caller, body),
  );
  kit.mount('get-transcript-utterances', (body: GetTranscriptUtterancesRequest, caller) =>
    transcription.listUtterances(caller, body),
  );
  kit.mount('update-transcript-utterance', (body: UpdateTranscriptUtteranceRequest, caller) =>
    transcription.updateUtterance(caller, body),
  );
}

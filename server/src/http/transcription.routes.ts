import type {
  GetLiveTranscriptionChunksRequest,
  GetTranscriptUtterancesRequest,
  UpdateTranscriptUtteranceRequest,
} from '@parley/schemas/types';
import { Router } from 'express';
import type { TranscriptionService } from '../services/transcription.service.js';
import type { RouteKit } from './route-kit.js';

export function transcriptionRoutes(kit: RouteKit, transcription: TranscriptionService): Router {
  const router = Router();
  kit.mount(router, 'get-live-transcription-chunks', (body: GetLiveTranscriptionChunksRequest, caller) =>
    transcription.listChunks(caller, body),
  );
  kit.mount(router, 'get-transcript-utterances', (body: GetTranscriptUtterancesRequest, caller) =>
    transcription.listUtterances(caller, body),
  );
  kit.mount(router, 'update-transcript-utterance', (body: UpdateTranscriptUtteranceRequest, caller) =>
    transcription.updateUtterance(caller, body),
  );
  return router;
}

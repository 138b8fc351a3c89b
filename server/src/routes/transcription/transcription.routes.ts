import type { RouteKit } from '../../http/route-kit.js';
import type { TranscriptionService } from '../../services/meetings/transcription.service.js';

export function transcriptionRoutes(kit: RouteKit, transcription: TranscriptionService): void {
  kit.mount('get-live-transcription-chunks', (body, caller) => transcription.listChunks(caller, body));
  kit.mount('get-transcript-utterances', (body, caller) => transcription.listUtterances(caller, body));
  kit.mount('update-transcript-utterance', (body, caller) => transcription.updateUtterance(caller, body));
}

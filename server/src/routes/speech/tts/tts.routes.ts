import { encodeTtsResponse, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import { Reply } from '../../../http/reply.js';
import type { RouteKit } from '../../../http/route-kit.js';
import { TtsGenerationError, type TtsService } from '../../../services/speech/tts.service.js';

// POST /v1/tts: SessionTTSRequest in, SessionTTSResponse out (both application/x-protobuf).
// Two kinds of failure, two bodies:
// - reading the request (auth, Content-Type, empty or undecodable body, a missing field): the
//   api-error JSON body every route uses, with the spec's texts;
// - producing the audio (engine unavailable 503, text with nothing to speak 400, "TTS generation
//   failed" 500, "Storage upload failed" 500): a SessionTTSResponse with `error` set and an empty
//   audio_url, as the spec says generation failures are reported, under the matching status.

export function ttsRoutes(kit: RouteKit, tts: TtsService): void {
  kit.mount('tts', async (body, caller, { log }) => {
    try {
      const audioUrl = await tts.synthesize(caller, body);
      return Reply.protobuf(200, encodeTtsResponse({ audio_url: audioUrl, error: '' }), PROTO_CONTENT_TYPE);
    } catch (error) {
      if (!(error instanceof TtsGenerationError)) throw error;
      if (error.status >= 500) log?.warn({ err: error.cause ?? error }, 'tts failed');
      return Reply.protobuf(
        error.status,
        encodeTtsResponse({ audio_url: '', error: error.message }),
        PROTO_CONTENT_TYPE,
      );
    }
  });
}

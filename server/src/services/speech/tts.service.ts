import type { SessionTtsRequestData } from '@parley/schemas/proto';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { ErrorText, SignedUrlTtl } from '../../core/contracts.js';
import { EngineUnavailableError } from '../../engines/engine.js';
import { TtsInputError } from '../../engines/tts/tts.engine.js';
import type { FileStorage } from '../../files/file-storage.js';
import { requireEngine, type SpeechEngines } from './speech-engines.js';
import { fileSegment, saveProduced } from './speech-files.js';

// POST /v1/tts: text → speech (language detected from the text by the engine) → OGG/Opus mono →
// a file under tts/<user>/<session_id>/<message_id>.ogg → a URL signed for SignedUrlTtl.tts.

export interface TtsServiceDeps {
  engines: SpeechEngines;
  files: FileStorage;
}

/**
 * A failure after the request was read: the spec reports these through SessionTTSResponse.error
 * (with an empty audio_url), so the route answers them in protobuf, with this error's status.
 */
export class TtsGenerationError extends ApiError {
  override readonly name = 'TtsGenerationError';
}

export class TtsService {
  constructor(private readonly deps: TtsServiceDeps) {}

  /** The signed URL of the produced audio. */
  async synthesize(caller: Caller, request: SessionTtsRequestData): Promise<string> {
    const sessionId = request.session_id.trim();
    const messageId = request.message_id.trim();
    if (!sessionId || !messageId || request.text.trim() === '') {
      throw ApiError.badRequest(ErrorText.missingTtsField);
    }
    const audio = await this.speak(request.text);
    const key = `tts/${fileSegment(caller.userId)}/${fileSegment(sessionId)}/${fileSegment(messageId)}.ogg`;
    try {
      return await saveProduced(this.deps.files, key, audio, SignedUrlTtl.tts);
    } catch (error) {
      if (error instanceof ApiError)
        throw new TtsGenerationError(error.code, error.message, { cause: error });
      throw error;
    }
  }

  private async speak(text: string): Promise<Buffer> {
    try {
      const tts = requireEngine(this.deps.engines.tts, 'tts');
      return (await tts.synthesize({ text })).audio;
    } catch (error) {
      if (error instanceof EngineUnavailableError)
        throw new TtsGenerationError('ENGINE_UNAVAILABLE', error.message, { cause: error });
      if (error instanceof TtsInputError)
        throw new TtsGenerationError('BAD_REQUEST', error.message, { cause: error });
      // Upstream errors, encoder failures, anything else: the spec's fixed text; details go to the log.
      throw new TtsGenerationError('INTERNAL', ErrorText.ttsFailed, { cause: error });
    }
  }
}

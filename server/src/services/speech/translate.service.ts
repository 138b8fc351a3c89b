import type { TranslateTextRequest, TranslateTextResponse } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { TranslateInputError } from '../../engines/translate/translate.engine.js';
import { requireEngine, type SpeechEngines } from './speech-engines.js';

// POST /v1/translate-text. The engine does the work (languages, detection, structure, batching);
// this maps the request and response shapes and turns the engine's input errors into 400s. Without
// a translation upstream the engine reports itself unavailable: 503 naming PARLEY_TRANSLATE_URL.

export class TranslateService {
  constructor(private readonly deps: { engines: SpeechEngines }) {}

  async translate(_caller: Caller, body: TranslateTextRequest): Promise<TranslateTextResponse> {
    const engine = requireEngine(this.deps.engines.translate, 'translate');
    try {
      const result = await engine.translate({
        text: body.text,
        targets: body.target_languages,
        source: body.source_language ?? 'auto',
      });
      return { success: true, ...result };
    } catch (error) {
      if (error instanceof TranslateInputError) throw ApiError.badRequest(error.message);
      throw error;
    }
  }
}

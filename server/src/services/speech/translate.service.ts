import type { FailedTarget, TranslateTextRequest, TranslateTextResponse } from '@parley/schemas/types';
import { ApiError } from '../../core/api-error.js';
import type { Caller } from '../../core/caller.js';
import { resolveLanguage } from '../../engines/translate/language-names.js';
import {
  type TranslateEngine,
  TranslateInputError,
  type TranslateResult,
} from '../../engines/translate/translate.engine.js';
import { requireEngine, type SpeechEngines } from './speech-engines.js';

// POST /v1/translate-text. The engine does the work (languages, detection, structure, batching);
// this maps the request and response shapes and turns the engine's input errors into 400s. Without
// a translation upstream the engine reports itself unavailable: 503 naming PARLEY_TRANSLATE_URL.
// One target the engine cannot translate into fails alone (schemas/README.md): the request is
// tried whole first, and only when the engine refuses its input is each target tried on its own.
// When every target fails the request is a 400 naming why, as before.

export class TranslateService {
  constructor(private readonly deps: { engines: SpeechEngines }) {}

  async translate(_caller: Caller, body: TranslateTextRequest): Promise<TranslateTextResponse> {
    const engine = requireEngine(this.deps.engines.translate, 'translate');
    const request = { text: body.text, source: body.source_language ?? 'auto' };
    try {
      return { success: true, ...(await engine.translate({ ...request, targets: body.target_languages })) };
    } catch (error) {
      if (!(error instanceof TranslateInputError)) throw error;
      if (body.target_languages.length < 2) throw ApiError.badRequest(error.message);
    }
    return eachAlone(engine, request, body.target_languages);
  }
}

async function eachAlone(
  engine: TranslateEngine,
  request: { text: string; source: string },
  targets: readonly string[],
): Promise<TranslateTextResponse> {
  const results = await Promise.all(
    targets.map(async (target): Promise<TranslateResult | FailedTarget> => {
      try {
        return await engine.translate({ ...request, targets: [target] });
      } catch (error) {
        if (!(error instanceof TranslateInputError)) throw error;
        return { language: resolveLanguage(target) ?? target, error: error.message, code: 'BAD_REQUEST' };
      }
    }),
  );
  const done = results.filter((r): r is TranslateResult => 'translations' in r);
  const first = done[0];
  if (!first) {
    const reasons = new Set(results.map((r) => (r as FailedTarget).error));
    throw ApiError.badRequest([...reasons].join('; '));
  }
  return {
    success: true,
    source_language: first.source_language,
    translations: results.map((r) =>
      'translations' in r ? (r.translations[0] as TranslateResult['translations'][0]) : r,
    ),
  };
}

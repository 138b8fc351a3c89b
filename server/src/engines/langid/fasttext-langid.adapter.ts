import { type EngineStatus, EngineUnavailableError } from '../engine.js';
import { languageFromFastTextLabel } from './fasttext-labels.js';
import { type FastTextModel, loadLid176 } from './fasttext-wasm.loader.js';
import {
  type DetectOptions,
  type LangIdEngine,
  type LangIdResult,
  type LanguageGuess,
  UNDETERMINED_LANGUAGE,
} from './langid.engine.js';

// fastText lid.176 (176 languages, quantized model shipped inside the npm package). Loaded lazily
// on the first call; `status().detail` reports the measured load time once it has happened.

export const FASTTEXT_ADAPTER = 'fasttext-lid176-wasm';

/** Longer text adds time (~3 ms per 1,000 chars) but no accuracy: the language shows in the first lines. */
const MAX_CHARS = 10_000;
const DEFAULT_ALTERNATIVES = 3;
const HAS_LETTER = /\p{L}/u;

export interface FastTextLangId extends LangIdEngine {
  /** Milliseconds the model took to load, once loaded. */
  loadMs(): number | undefined;
}

export function createFastTextLangId(load: () => Promise<FastTextModel> = loadLid176): FastTextLangId {
  let model: FastTextModel | undefined;
  let loadMs: number | undefined;
  let failure: string | undefined;

  const ensureModel = async (): Promise<FastTextModel> => {
    if (model) return model;
    const started = performance.now();
    try {
      model = await load();
      loadMs = Math.round(performance.now() - started);
      failure = undefined;
      return model;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      throw new EngineUnavailableError('langid', `fastText model did not load: ${failure}`);
    }
  };

  return {
    status(): EngineStatus {
      if (failure) return { engine: 'langid', adapter: FASTTEXT_ADAPTER, available: false, detail: failure };
      const when = loadMs === undefined ? 'loads on first use' : `loaded in ${loadMs} ms`;
      return { engine: 'langid', adapter: FASTTEXT_ADAPTER, available: true, detail: `lid.176, ${when}` };
    },
    loadMs: () => loadMs,
    async load() {
      await ensureModel();
    },
    async detect(text: string, options: DetectOptions = {}): Promise<LangIdResult> {
      const line = text.slice(0, MAX_CHARS).replace(/\s+/g, ' ').trim();
      if (!HAS_LETTER.test(line)) return { language: UNDETERMINED_LANGUAGE, confidence: 0, alternatives: [] };
      const ranked = rank(await ensureModel(), line);
      const allowed = options.candidates ? new Set(options.candidates) : undefined;
      const guesses = allowed ? ranked.filter((g) => allowed.has(g.language)) : ranked;
      const [top, ...rest] = guesses;
      if (!top) return { language: UNDETERMINED_LANGUAGE, confidence: 0, alternatives: [] };
      return { ...top, alternatives: rest.slice(0, options.alternatives ?? DEFAULT_ALTERNATIVES) };
    },
  };
}

/** Every label the model gives any probability, folded to service codes, most likely first. */
function rank(model: FastTextModel, line: string): LanguageGuess[] {
  const predictions = model.predict(line, -1, 0);
  const byLanguage = new Map<string, number>();
  try {
    for (let i = 0; i < predictions.size(); i++) {
      const [probability, label] = predictions.get(i);
      const language = languageFromFastTextLabel(label);
      // Folded varieties (arz into ar) add up: together they are the parent language's probability.
      byLanguage.set(language, (byLanguage.get(language) ?? 0) + probability);
    }
  } finally {
    predictions.delete();
  }
  return [...byLanguage]
    .map(([language, probability]) => ({ language, confidence: Math.min(1, probability) }))
    .sort((a, b) => b.confidence - a.confidence);
}

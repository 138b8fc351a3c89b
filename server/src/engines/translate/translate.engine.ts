import type { Engine } from '../engine.js';

// Text translation (POST /v1/translate-text): one text into up to 10 languages, its line and
// Markdown structure preserved. Adapters only translate lists of plain-text runs (RunTranslator);
// the shared translator (translator.ts) does languages, detection, structure and batching.

export interface TranslateRequest {
  text: string;
  /** Codes or English names ("fr", "French", "pt-BR"). */
  targets: readonly string[];
  /** Code or name; "auto" or omitted detects it. */
  source?: string;
}

export interface Translation {
  language: string;
  text: string;
  /** Languages the text passed through on its way (a pivot); absent when translated directly. */
  via?: string[];
}

export interface TranslateResult {
  /** The given source resolved to a code, or the detected one ("und" when the text has no words). */
  source_language: string;
  /** One per target, in request order. */
  translations: Translation[];
}

export interface TranslateEngine extends Engine {
  translate(request: TranslateRequest): Promise<TranslateResult>;
  /** Stops what the engine keeps running (Apertium's pipelines). */
  close?(): void;
}

/** What a backend that cannot translate between every pair of languages can reach. */
export interface LanguageReach {
  /** Languages between source and target ([] for a direct pair); undefined when unreachable. */
  route(source: string, target: string): string[] | undefined;
  sources(): string[];
  targetsFrom(source: string): string[];
}

/** The upstream-facing half of an adapter: plain strings in, the same number of strings out. */
export interface RunTranslator {
  readonly adapter: string;
  /** What status() shows: where it translates. */
  readonly detail: string;
  /** Upper bound on characters per call, and on strings per call. */
  readonly maxBatchChars: number;
  readonly maxBatchItems: number;
  translateRuns(texts: readonly string[], source: string, target: string): Promise<string[]>;
  /** Absent: every language the service knows is assumed reachable (an LLM, LibreTranslate). */
  reach?: LanguageReach;
  close?(): void;
}

/** A language the request names is not one the service knows, or limits are exceeded: 400. */
export class TranslateInputError extends Error {
  override readonly name = 'TranslateInputError';
  readonly code = 'BAD_REQUEST';
}

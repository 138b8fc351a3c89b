import { EngineFailedError } from '../engine.js';
import type { OpenAiCompatibleClient } from '../llm/openai-compatible.client.js';
import { languageName } from './language-names.js';
import type { RunTranslator } from './translate.engine.js';

// Translation through an OpenAI-compatible chat model. The runs go out as a JSON array and must come
// back as an array of the same length: the structure around them never reaches the model, so it
// cannot be lost, and a model that merges or drops strings is caught instead of misaligning text.

export const OPENAI_TRANSLATE_ADAPTER = 'openai-compatible';
export const DEFAULT_OPENAI_CHAT_MODEL = 'gpt-4o-mini';

const SYSTEM_PROMPT = [
  'You are a translation engine.',
  'The user message is a JSON object {"source": language, "target": language, "texts": [strings]}.',
  'Translate every string in "texts" from the source language into the target language.',
  'Answer with only a JSON object {"translations": [strings]} holding exactly as many strings as "texts", in the same order,',
  'each the translation of the string at the same position.',
  'Never merge, split, add, drop or reorder strings. Keep Markdown emphasis markers (** * _ ~~), numbers, names,',
  'e-mail addresses and leading or trailing punctuation as they are. Add no notes or explanations.',
].join(' ');

export interface OpenAiTranslateOptions {
  client: OpenAiCompatibleClient;
  model?: string;
}

export function createOpenAiRunTranslator(options: OpenAiTranslateOptions): RunTranslator {
  const model = options.model ?? DEFAULT_OPENAI_CHAT_MODEL;
  return {
    adapter: OPENAI_TRANSLATE_ADAPTER,
    detail: `${options.client.baseUrl} model ${model}`,
    maxBatchChars: 6_000,
    maxBatchItems: 100,
    async translateRuns(texts, source, target) {
      const content = await options.client.chat('translate', {
        model,
        json: true,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          {
            role: 'user',
            content: JSON.stringify({
              source: `${languageName(source)} (${source})`,
              target: `${languageName(target)} (${target})`,
              texts,
            }),
          },
        ],
      });
      const translations = parseTranslations(content);
      if (!translations || translations.length !== texts.length) {
        throw new EngineFailedError(
          'translate',
          `model answered ${translations ? `${translations.length} strings for ${texts.length}` : 'without a translations array'}`,
        );
      }
      return translations;
    },
  };
}

/** `{"translations": [...]}` or a bare array, possibly inside a ```json fence; undefined otherwise. */
export function parseTranslations(content: string): string[] | undefined {
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced);
  } catch {
    return undefined;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { translations?: unknown } | null)?.translations;
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string')) return undefined;
  return list;
}

import { Limits } from '@parley/schemas/constants';
import { EngineFailedError, type EngineStatus, EngineUnavailableError } from '../engine.js';
import type { LangIdEngine } from '../langid/langid.engine.js';
import { UNDETERMINED_LANGUAGE } from '../langid/langid.engine.js';
import { resolveLanguage } from './language-names.js';
import { joinRuns, splitRuns } from './markdown-runs.js';
import {
  type LanguageReach,
  type RunTranslator,
  type TranslateEngine,
  TranslateInputError,
  type TranslateRequest,
  type TranslateResult,
} from './translate.engine.js';

// What every translation adapter shares: resolving codes and names, detecting the source, cutting
// the text into runs that keep its structure, batching runs for the upstream, and putting the
// translated runs back in place. Targets run concurrently; a target equal to the source is the text
// itself, and text with no words is returned as is, without any upstream call.

export function createTranslator(backend: RunTranslator, langid: LangIdEngine): TranslateEngine {
  return {
    status: (): EngineStatus => ({
      engine: 'translate',
      adapter: backend.adapter,
      available: true,
      detail: backend.detail,
      ...(backend.reach ? { languages: reachableTargets(backend.reach) } : {}),
    }),
    ...(backend.close ? { close: () => backend.close?.() } : {}),
    async translate(request: TranslateRequest): Promise<TranslateResult> {
      // Characters are code points, as the schema's maxLength counts them (an emoji is one, not two).
      if (
        request.text.length > Limits.translateTextChars &&
        [...request.text].length > Limits.translateTextChars
      ) {
        throw new TranslateInputError(`Text is longer than ${Limits.translateTextChars} characters`);
      }
      if (request.targets.length === 0 || request.targets.length > Limits.translateTargets) {
        throw new TranslateInputError(`Give 1 to ${Limits.translateTargets} target languages`);
      }
      const targets = request.targets.map((t) => known(t, 'target'));
      const runs = splitRuns(request.text);
      const texts = runs.filter((r) => r.translate).map((r) => r.text);
      const given =
        request.source && request.source.trim().toLowerCase() !== 'auto'
          ? known(request.source, 'source')
          : undefined;
      if (texts.length === 0) {
        return {
          source_language: given ?? UNDETERMINED_LANGUAGE,
          translations: targets.map((language) => ({ language, text: request.text })),
        };
      }
      const source = given ?? (await langid.detect(texts.join('\n'))).language;
      const via = routes(backend, source, targets, given === undefined);
      const byTarget = new Map<string, Promise<string>>();
      for (const target of targets) {
        if (byTarget.has(target)) continue;
        byTarget.set(
          target,
          target === source
            ? Promise.resolve(request.text)
            : translateTexts(backend, texts, source, target).then((done) => {
                let next = 0;
                return joinRuns(runs.map((r) => (r.translate ? { ...r, text: done[next++] ?? '' } : r)));
              }),
        );
      }
      const translations = await Promise.all(
        targets.map(async (language) => {
          const text = await (byTarget.get(language) as Promise<string>);
          const through = via.get(language);
          return through?.length ? { language, text, via: through } : { language, text };
        }),
      );
      return { source_language: source, translations };
    },
  };
}

/** Every language some source reaches, sorted: what a client may offer as targets. */
function reachableTargets(reach: LanguageReach): string[] {
  return [...new Set(reach.sources().flatMap((source) => reach.targetsFrom(source)))].sort();
}

/** A translator for a server with no translation upstream configured: says so, never invents text. */
export function createUnavailableTranslator(reason: string): TranslateEngine {
  return {
    status: () => ({ engine: 'translate', adapter: 'none', available: false, detail: reason }),
    translate: () => Promise.reject(new EngineUnavailableError('translate', reason)),
  };
}

/**
 * The pivot languages of each target, for backends that cannot reach every pair; a target no route
 * reaches fails the whole request up front (400 naming what is supported), before any work.
 */
function routes(
  backend: RunTranslator,
  source: string,
  targets: readonly string[],
  detected: boolean,
): Map<string, string[]> {
  const via = new Map<string, string[]>();
  const reach = backend.reach;
  if (!reach) return via;
  const from = detected ? `${source} (detected)` : source;
  if (targets.some((t) => t !== source) && !reach.sources().includes(source)) {
    throw new TranslateInputError(
      `${backend.adapter} cannot translate from ${from}; supported source languages: ${reach.sources().join(', ')}`,
    );
  }
  for (const target of targets) {
    if (target === source) continue;
    const path = reach.route(source, target);
    if (!path) {
      throw new TranslateInputError(
        `${backend.adapter} cannot translate from ${from} into ${target}; supported targets from ${source}: ${reach.targetsFrom(source).join(', ')}`,
      );
    }
    via.set(target, path);
  }
  return via;
}

function known(input: string, role: 'source' | 'target'): string {
  const code = resolveLanguage(input);
  if (!code) throw new TranslateInputError(`Unknown ${role} language "${input}"`);
  return code;
}

async function translateTexts(backend: RunTranslator, texts: string[], source: string, target: string) {
  const out: string[] = [];
  for (const batch of batches(texts, backend.maxBatchChars, backend.maxBatchItems)) {
    const done = await backend.translateRuns(batch, source, target);
    if (done.length !== batch.length) {
      throw new EngineFailedError(
        'translate',
        `${backend.adapter} returned ${done.length} texts for ${batch.length}`,
      );
    }
    out.push(...done);
  }
  return out;
}

/** Consecutive groups within both limits; a single text over the character limit goes alone. */
export function batches(texts: readonly string[], maxChars: number, maxItems: number): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length > 0 && (chars + text.length > maxChars || current.length >= maxItems)) {
      groups.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

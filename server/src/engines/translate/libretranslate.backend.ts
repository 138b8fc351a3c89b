import type { OutboundClient } from '../../net/outbound-client.js';
import { OutboundError } from '../../net/outbound-errors.js';
import { EngineFailedError } from '../engine.js';
import { bodyExcerpt, upstreamErrorText } from '../upstream-error-text.js';
import { createLanguageList, type OfferedLanguages, serverCode } from './libretranslate-languages.js';
import { type RunTranslator, TranslateInputError } from './translate.engine.js';

// Translation through a LibreTranslate server: POST /translate with {q: [runs], source, target,
// format: 'text'} answers {translatedText: [runs]} (the array form of its API). Errors come back as
// {error: "..."} with a 4xx/5xx status. A language the server lacks — by its /languages list, or
// its own 400 "xx is not supported" — is a TranslateInputError, so that target fails alone.

export const LIBRETRANSLATE_ADAPTER = 'libretranslate';

export interface LibreTranslateOptions {
  /** Server root, e.g. `http://localhost:5000`. */
  url: string;
  apiKey?: string;
  outbound: OutboundClient;
  timeoutMs?: number;
}

export function createLibreTranslateRunTranslator(options: LibreTranslateOptions): RunTranslator {
  const root = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const languages = createLanguageList({
    root,
    outbound: options.outbound,
    timeoutMs,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  return {
    adapter: LIBRETRANSLATE_ADAPTER,
    detail: root,
    // LibreTranslate's own defaults leave both open; these keep one request well under a minute.
    maxBatchChars: 5_000,
    maxBatchItems: 50,
    async translateRuns(texts, sourceCode, targetCode) {
      const { source, target } = offeredPair(await languages(), sourceCode, targetCode, root);
      const body = {
        q: texts,
        source,
        target,
        format: 'text',
        ...(options.apiKey ? { api_key: options.apiKey } : {}),
      };
      let res: Awaited<ReturnType<OutboundClient['request']>>;
      try {
        res = await options.outbound.request({
          url: `${root}/translate`,
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          timeoutMs,
        });
      } catch (error) {
        const detail = error instanceof OutboundError ? error.message : String(error);
        throw new EngineFailedError('translate', `LibreTranslate unreachable: ${detail}`, { cause: error });
      }
      if (res.status < 200 || res.status > 299) {
        const message = upstreamErrorText(res.body);
        if (res.status === 400 && / is not supported$/.test(message)) {
          throw new TranslateInputError(`LibreTranslate at ${root}: ${message}`);
        }
        throw new EngineFailedError('translate', `LibreTranslate answered HTTP ${res.status}: ${message}`);
      }
      const translated = parse(res.body)?.translatedText;
      if (!Array.isArray(translated) || !translated.every((t) => typeof t === 'string')) {
        throw new EngineFailedError(
          'translate',
          `LibreTranslate answered without a translatedText array: ${bodyExcerpt(res.body)}`,
        );
      }
      return translated;
    },
  };
}

/** The pair as the server spells it; a language its list lacks is the caller's error. */
function offeredPair(
  offered: OfferedLanguages | undefined,
  sourceCode: string,
  targetCode: string,
  root: string,
): { source: string; target: string } {
  if (!offered) return { source: sourceCode, target: targetCode };
  const source = serverCode(sourceCode, offered.keys());
  if (!source) {
    throw new TranslateInputError(
      `LibreTranslate at ${root} cannot translate from ${sourceCode}; its languages: ${[...offered.keys()].join(', ')}`,
    );
  }
  const targets = offered.get(source) ?? [];
  const target = serverCode(targetCode, targets);
  if (!target) {
    throw new TranslateInputError(
      `LibreTranslate at ${root} cannot translate from ${sourceCode} into ${targetCode}; its targets from ${sourceCode}: ${targets.join(', ')}`,
    );
  }
  return { source, target };
}

function parse(body: Buffer): { translatedText?: unknown } | undefined {
  try {
    return JSON.parse(body.toString('utf8')) as { translatedText?: unknown };
  } catch {
    return undefined;
  }
}

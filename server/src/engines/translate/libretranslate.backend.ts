import type { OutboundClient } from '../../net/outbound-client.js';
import { OutboundError } from '../../net/outbound-errors.js';
import { EngineFailedError } from '../engine.js';
import type { RunTranslator } from './translate.engine.js';

// Translation through a LibreTranslate server: POST /translate with {q: [runs], source, target,
// format: 'text'} answers {translatedText: [runs]} (the array form of its API). Errors come back as
// {error: "..."} with a 4xx/5xx status.

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
  return {
    adapter: LIBRETRANSLATE_ADAPTER,
    detail: root,
    // LibreTranslate's own defaults leave both open; these keep one request well under a minute.
    maxBatchChars: 5_000,
    maxBatchItems: 50,
    async translateRuns(texts, source, target) {
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
          timeoutMs: options.timeoutMs ?? 120_000,
        });
      } catch (error) {
        const detail = error instanceof OutboundError ? error.message : String(error);
        throw new EngineFailedError('translate', `LibreTranslate unreachable: ${detail}`, { cause: error });
      }
      const answer = parse(res.body);
      if (res.status < 200 || res.status > 299) {
        const message = typeof answer?.error === 'string' ? answer.error : res.body.toString('utf8', 0, 200);
        throw new EngineFailedError('translate', `LibreTranslate answered HTTP ${res.status}: ${message}`);
      }
      const translated = answer?.translatedText;
      if (!Array.isArray(translated) || !translated.every((t) => typeof t === 'string')) {
        throw new EngineFailedError('translate', 'LibreTranslate answered without a translatedText array');
      }
      return translated;
    },
  };
}

function parse(body: Buffer): { translatedText?: unknown; error?: unknown } | undefined {
  try {
    return JSON.parse(body.toString('utf8')) as { translatedText?: unknown; error?: unknown };
  } catch {
    return undefined;
  }
}

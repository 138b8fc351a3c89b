import type { OutboundClient } from '../../net/outbound-client.js';

// What a LibreTranslate server offers, from its GET /languages:
// [{"code": "en", "name": "English", "targets": ["de", "es", …]}, …]. Each server loads the models
// its operator chose, so a target is checked here before any text is sent: one target it lacks
// fails alone with the list it does have. Newer servers name some languages with a script or
// region ("zh-Hans", "pt-BR"); a request's plain code is matched on its first subtag and sent as
// the server spells it.

/** Source code as the server spells it → the targets it reaches, as the server spells them. */
export type OfferedLanguages = ReadonlyMap<string, readonly string[]>;

export interface LanguageListOptions {
  root: string;
  apiKey?: string;
  outbound: OutboundClient;
  timeoutMs: number;
  /** How long a fetched list is trusted; 10 minutes when absent. */
  ttlMs?: number;
  now?: () => number;
}

/** Fetches lazily and caches; resolves undefined when the server gives no readable list. */
export function createLanguageList(
  options: LanguageListOptions,
): () => Promise<OfferedLanguages | undefined> {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 600_000;
  let cached: { at: number; list: Promise<OfferedLanguages | undefined> } | undefined;
  return () => {
    if (!cached || now() - cached.at > ttl) cached = { at: now(), list: fetchList(options) };
    return cached.list;
  };
}

async function fetchList(options: LanguageListOptions): Promise<OfferedLanguages | undefined> {
  const query = options.apiKey ? `?api_key=${encodeURIComponent(options.apiKey)}` : '';
  try {
    const res = await options.outbound.request({
      url: `${options.root}/languages${query}`,
      method: 'GET',
      headers: { accept: 'application/json' },
      timeoutMs: options.timeoutMs,
    });
    if (res.status !== 200) return undefined;
    return readList(JSON.parse(res.body.toString('utf8')));
  } catch {
    // No list (an old server, a proxy that hides it): /translate's own answer decides instead.
    return undefined;
  }
}

function readList(body: unknown): OfferedLanguages | undefined {
  if (!Array.isArray(body)) return undefined;
  const offered = new Map<string, string[]>();
  for (const entry of body) {
    const { code, targets } = (entry ?? {}) as { code?: unknown; targets?: unknown };
    if (typeof code !== 'string') continue;
    offered.set(
      code,
      Array.isArray(targets) ? targets.filter((t): t is string => typeof t === 'string') : [],
    );
  }
  return offered.size ? offered : undefined;
}

/** The server's spelling of a code: itself when offered, else the first with the same first subtag. */
export function serverCode(code: string, offered: Iterable<string>): string | undefined {
  const list = [...offered];
  if (list.includes(code)) return code;
  const primary = code.toLowerCase().split('-')[0];
  return list.find((c) => c.toLowerCase().split('-')[0] === primary);
}

import type { Target } from './context.js';
import { isJson, PREFLIGHT_DEADLINE_MS } from './deadlines.js';
import { UsageError } from './usage-error.js';

// Before any check: is the base URL the service, and does it take the key? Exit 2 (a UsageError) is
// for a base URL that is not the service at all — no answer, a web page, 404 everywhere, a refused
// key — where no check could judge anything. A deployment that is the service but breaks a sentence
// (its /health asking for a credential in the spec's error shape, say) is judged: the checks run and
// the one naming that sentence (rest.08) fails, exit 1.

/** "fetch failed" with its cause (ECONNREFUSED, a certificate, DNS) spelled out. */
export function networkError(error: unknown): string {
  const e = error as Error & { cause?: Error & { code?: string } };
  const cause = e.cause ? `: ${e.cause.code ?? ''}${e.cause.code ? ' ' : ''}${e.cause.message}` : '';
  return `${e.message}${cause}`;
}

interface Seen {
  status: number;
  text: string;
  /** The body parses as JSON (its Content-Type label is rest.08's and rest.01's to judge). */
  json: boolean;
}

/**
 * The service answers /health with a JSON 200, or — where /health answers otherwise — get-meetings
 * with the key with a JSON 200. Neither, a refused key, or get-meetings 404: exit 2 with the reason.
 */
export async function preflight(target: Target): Promise<void> {
  const see = async (path: string, init: RequestInit = {}): Promise<Seen> => {
    let reply: Response;
    try {
      reply = await fetch(`${target.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(PREFLIGHT_DEADLINE_MS),
      });
    } catch (error) {
      throw new UsageError(`${target.baseUrl} is unreachable: ${networkError(error)}`);
    }
    const text = await reply.text();
    return { status: reply.status, text, json: isJson(text) };
  };
  const health = await see('/health');
  const probe = await see('/v1/get-meetings', {
    method: 'POST',
    headers: { 'X-API-Key': target.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 1 }),
  });
  if (probe.status === 401 || probe.status === 403) {
    throw new UsageError(
      `the API key was refused (get-meetings answered ${probe.status}): nothing could be judged`,
    );
  }
  const answers = (seen: Seen) => seen.status === 200 && seen.json;
  if (!answers(health) && !answers(probe)) {
    throw new UsageError(
      `${target.baseUrl}/health answered ${health.status} ${JSON.stringify(health.text.slice(0, 80))}, not a JSON 200, and get-meetings answered ${probe.status}: is this the service's base URL?`,
    );
  }
  if (probe.status === 404) {
    throw new UsageError(`${target.baseUrl}/v1/get-meetings answered 404: is this the service's base URL?`);
  }
}

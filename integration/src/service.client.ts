// The one module that knows where the service lives, what every request carries and how its errors
// reach the Zap's owner. Every operation calls through `z.request` and the two middlewares below.
import type {
  AfterResponseMiddleware,
  BeforeRequestMiddleware,
  HttpResponse,
  ZObject,
} from 'zapier-platform-core';
import { DEFAULT_PARTNER_SEGMENT } from './generated/service-data.js';

/** The published service; a development or self-hosted deployment sets PARLEY_BASE_URL. */
export const PUBLISHED_BASE_URL = 'https://api.parley.dev';

/** What every request asks for (the app's requestTemplate): the service answers JSON. */
export const JSON_ACCEPT = { Accept: 'application/json' } as const;

/** Scopes the app asks for: reading meetings and triggers, creating meetings and summaries, documents. */
export const OAUTH_SCOPES = ['meetings:read', 'meetings:write', 'documents:write'] as const;

/** Delay Zapier waits before retrying after a 5xx that named no Retry-After, in seconds. */
export const SERVER_ERROR_RETRY_SECONDS = 60;

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * Read from the environment on every call (`zapier-platform env:set` on the platform, the shell in
 * tests), so one build serves any deployment. PARLEY_INTEGRATION_URL exists because the spec lets the
 * automation-platform routes live on another host than the REST routes; it defaults to the base URL.
 */
export function serviceConfig(env: NodeJS.ProcessEnv = process.env) {
  // Only variables the environment holds count: `zapier-platform invoke auth template` (and the
  // platform's SDK, which reads the same template) runs the app with process.env behind a proxy that
  // makes up a placeholder for every unset name, and an unset variable means the published default.
  const setting = (name: string) => (Object.hasOwn(env, name) ? env[name] : undefined);
  const baseUrl = secureRoot('PARLEY_BASE_URL', setting('PARLEY_BASE_URL') || PUBLISHED_BASE_URL);
  return {
    baseUrl,
    integrationUrl: secureRoot('PARLEY_INTEGRATION_URL', setting('PARLEY_INTEGRATION_URL') || baseUrl),
    segment: setting('PARLEY_PARTNER_SEGMENT') || DEFAULT_PARTNER_SEGMENT,
  };
}

/** Hosts a development deployment runs on, where plain http carries nothing off the machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A service root without its trailing slash, refused unless https: the app sends OAuth tokens and
 * client secrets there. Plain http is for a deployment on the same machine (the end-to-end tests).
 */
function secureRoot(name: string, raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  const local = url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url?.protocol !== 'https:' && !local) {
    throw new Error(
      `${name} must be an https:// address (it is "${raw}"): Parley connections carry tokens. ` +
        'Set it with zapier-platform env:set; plain http is accepted only for localhost.',
    );
  }
  return trimSlash(raw);
}

export const urls = {
  authorize: () => `${serviceConfig().integrationUrl}/oauth/${serviceConfig().segment}/authorize`,
  token: () => `${serviceConfig().integrationUrl}/api/oauth/${serviceConfig().segment}/token`,
  /** `/me`, `/triggers/summary-ready`, `/meetings/<id>` … under the automation-platform prefix. */
  partner: (path: string) => `${serviceConfig().integrationUrl}/api/${serviceConfig().segment}${path}`,
  /** A meeting REST or speech route: `get-meetings`, `stt` … */
  rest: (route: string) => `${serviceConfig().baseUrl}/v1/${route}`,
};

const ownsUrl = (url: string): boolean => {
  const { baseUrl, integrationUrl } = serviceConfig();
  return [baseUrl, integrationUrl].some((root) => url === root || url.startsWith(`${root}/`));
};

/**
 * The OAuth access token goes to the service's own hosts only, never to a file host or a callback. The
 * file speech-to-text route takes it as `Authorization: Bearer` too (the same credential the meeting REST
 * routes accept), so no token ever travels in a query string.
 */
export const addBearer: BeforeRequestMiddleware = (request, _z, bundle) => {
  const token = bundle.authData?.access_token;
  const url = request.url ?? '';
  request.headers = { ...request.headers };
  if (token && ownsUrl(url) && url !== urls.token() && !request.headers.Authorization) {
    request.headers.Authorization = `Bearer ${token}`;
  }
  return request;
};

interface ErrorBody {
  error?: unknown;
  error_description?: unknown;
  code?: unknown;
  detail?: unknown;
}

const bodyOf = (response: HttpResponse): ErrorBody =>
  response.data && typeof response.data === 'object' ? (response.data as ErrorBody) : {};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * A 422's `detail` items as sentences that name each field (the Zap's input by its API name, which the
 * step's field help shows): `The field "audio_url" is not accepted: input should be a valid URL.`
 */
export function validationText(detail: unknown): string | undefined {
  if (!Array.isArray(detail) || detail.length === 0) return undefined;
  const sentences = detail.slice(0, 5).map((item: { loc?: unknown; msg?: unknown; type?: unknown }) => {
    const loc = Array.isArray(item?.loc) ? item.loc.map(String) : [];
    // The first segment says where in the request (`body`, `query`), not which field.
    const path = ['body', 'query'].includes(loc[0] ?? '') ? loc.slice(1) : loc;
    const field = path.length ? `The field "${path.join('.')}"` : 'The request';
    if (item?.type === 'missing') return `${field} is required.`;
    const msg =
      typeof item?.msg === 'string' && item.msg.trim() ? item.msg.trim().replace(/\.$/, '') : 'invalid';
    return `${field} is not accepted: ${lowerFirst(msg)}.`;
  });
  const more = detail.length > 5 ? ` (${detail.length - 5} more problems.)` : '';
  return `Parley refused the input. ${sentences.join(' ')}${more}`;
}

/** The service's own words: a 422's fields, the api-error `error`, an OAuth `error_description`, or the raw text. */
export function errorText(response: HttpResponse): string {
  const body = bodyOf(response);
  const invalid = validationText(body.detail);
  if (invalid) return invalid;
  for (const candidate of [body.error_description, body.error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  // No text of its own: say so rather than pass on a JSON body or a proxy's HTML page as the words.
  const said = `Parley answered HTTP ${response.status}`;
  const text = (response.content ?? '').trim();
  if (response.data && typeof response.data === 'object') {
    return `${said} without saying why (its error body has no "error" text${typeof body.code === 'string' ? `, code ${body.code}` : ''})`;
  }
  if (text.startsWith('<')) return `${said} with a web page instead of its error text`;
  return text ? text.slice(0, 300) : `${said} with an empty body`;
}

/** Retry-After is delay-seconds or an HTTP-date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - now) / 1000));
}

const isInsufficientScope = (response: HttpResponse): boolean => {
  const body = bodyOf(response);
  const challenge = response.headers.get('www-authenticate') ?? '';
  return [challenge, body.error, body.code].some(
    (v) => typeof v === 'string' && /insufficient[_ ]scope/i.test(v),
  );
};

/** The meeting a failed request was about: `/meetings/<id>` in the path or `meeting_id` in the body. */
export function meetingIdOf(request: { url?: string; body?: unknown } | undefined): string | undefined {
  const path = URL.canParse(request?.url ?? '') ? new URL(request?.url ?? '').pathname : '';
  const fromPath = /\/meetings\/([^/]+)/.exec(path)?.[1];
  if (fromPath) return decodeURIComponent(fromPath);
  let body = request?.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  const id = (body as { meeting_id?: unknown } | undefined)?.meeting_id;
  return typeof id === 'string' ? id : undefined;
}

export const MEETING_NOT_FOUND = 'meeting_not_found';

/** The service's words when a URL it fetched for the user answered a client error (bad gateway 502). */
const UPSTREAM_REFUSED = /answered HTTP 4\d\d\b/;

/**
 * A link the user gave (an audio URL) answered 4xx, in the service's words of a 502 UPSTREAM_FAILED
 * (in an answer, or in a callback's failure): a halt, since the same link fails on every retry.
 */
export function refusedLinkError(z: ZObject, text: string): Error | undefined {
  if (!UPSTREAM_REFUSED.test(text)) return undefined;
  return new z.errors.HaltedError(
    `Parley could not use the link in this step: ${text}. Check that the URL is right and publicly reachable; retrying will not help.`,
  );
}

/** Every non-2xx answer becomes the error Zapier knows how to act on; 2xx passes through untouched. */
export const mapErrors: AfterResponseMiddleware = (response, z) => {
  const { status } = response;
  if (status < 400) return response;
  const text = errorText(response);
  const body = bodyOf(response);
  // The api-error `code`, or an OAuth error body's `error` (invalid_grant, invalid_client …).
  const code = body.code ?? (body.error_description !== undefined ? body.error : undefined);
  if (status === 401) {
    // With autoRefresh Zapier refreshes the token and replays the step once.
    throw new z.errors.RefreshAuthError(`Parley refused the access token: ${text}`);
  }
  if (status === 403 && isInsufficientScope(response)) {
    throw new z.errors.ExpiredAuthError(
      'This Parley connection was made without the permission this step needs. ' +
        'Reconnect your Parley account (and approve every permission) to use it.',
    );
  }
  const meetingId = status === 404 ? meetingIdOf(response.request) : undefined;
  if (meetingId !== undefined) {
    throw new z.errors.Error(
      `Meeting not found: Parley has no meeting "${meetingId}" that this account can see.`,
      MEETING_NOT_FOUND,
      404,
    );
  }
  if (status === 429) {
    throw new z.errors.ThrottledError(
      `Parley is rate limiting this account: ${text}`,
      retryAfterSeconds(response.headers.get('retry-after')) ?? undefined,
    );
  }
  if (status === 502) {
    const refused = refusedLinkError(z, text);
    if (refused) throw refused;
  }
  if (status >= 500) {
    throw new z.errors.ThrottledError(
      `Parley had a temporary problem (HTTP ${status}): ${text}`,
      retryAfterSeconds(response.headers.get('retry-after')) ?? SERVER_ERROR_RETRY_SECONDS,
    );
  }
  throw new z.errors.Error(text, typeof code === 'string' ? code : `http_${status}`, status);
};

/** What core packs into an AppError's message (JSON), when the error is one. */
export function appErrorOf(
  error: unknown,
): { message?: unknown; code?: unknown; status?: unknown } | undefined {
  if (!(error instanceof Error) || error.name !== 'AppError') return undefined;
  try {
    return JSON.parse(error.message) as { message?: unknown; code?: unknown; status?: unknown };
  } catch {
    return undefined;
  }
}

/** True for the error `mapErrors` raises on a 404 about a meeting (a search turns it into no result). */
export function isMeetingNotFound(error: unknown): boolean {
  return appErrorOf(error)?.code === MEETING_NOT_FOUND;
}

/** The HTTP status an AppError of `mapErrors` carries. */
export function statusOfAppError(error: unknown): number | undefined {
  const status = appErrorOf(error)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** JSON body of a successful response, typed by the caller from the schemas' generated types. */
export const dataOf = <T>(response: HttpResponse): T => response.data as T;

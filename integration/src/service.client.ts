// The one module that knows where the service lives, what every request carries and how its errors
// reach the Zap's owner. Every operation calls through `z.request` and the two middlewares below.
import type { AfterResponseMiddleware, BeforeRequestMiddleware, HttpResponse } from 'zapier-platform-core';
import { DEFAULT_PARTNER_SEGMENT } from './generated/service-data.js';

/** The published service; a development or self-hosted deployment sets PARLEY_BASE_URL. */
export const PUBLISHED_BASE_URL = 'https://api.parley.dev';

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
  const baseUrl = trimSlash(env.PARLEY_BASE_URL || PUBLISHED_BASE_URL);
  return {
    baseUrl,
    integrationUrl: trimSlash(env.PARLEY_INTEGRATION_URL || baseUrl),
    segment: env.PARLEY_PARTNER_SEGMENT || DEFAULT_PARTNER_SEGMENT,
  };
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
  request.headers = { Accept: 'application/json', ...request.headers };
  if (token && ownsUrl(url) && url !== urls.token() && !request.headers.Authorization) {
    request.headers.Authorization = `Bearer ${token}`;
  }
  return request;
};

interface ErrorBody {
  error?: unknown;
  error_description?: unknown;
  code?: unknown;
}

const bodyOf = (response: HttpResponse): ErrorBody =>
  response.data && typeof response.data === 'object' ? (response.data as ErrorBody) : {};

/** The service's own words: the api-error `error`, an OAuth `error_description`, or the raw text. */
export function errorText(response: HttpResponse): string {
  const body = bodyOf(response);
  for (const candidate of [body.error_description, body.error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
  }
  const text = (response.content ?? '').trim().slice(0, 300);
  return text || `Parley answered HTTP ${response.status}`;
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

/** Every non-2xx answer becomes the error Zapier knows how to act on; 2xx passes through untouched. */
export const mapErrors: AfterResponseMiddleware = (response, z) => {
  const { status } = response;
  if (status < 400) return response;
  const text = errorText(response);
  const code = bodyOf(response).code;
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
  if (status >= 500) {
    throw new z.errors.ThrottledError(
      `Parley had a temporary problem (HTTP ${status}): ${text}`,
      retryAfterSeconds(response.headers.get('retry-after')) ?? SERVER_ERROR_RETRY_SECONDS,
    );
  }
  throw new z.errors.Error(text, typeof code === 'string' ? code : `http_${status}`, status);
};

/** True for the error `mapErrors` raises on a 404 about a meeting (a search turns it into no result). */
export function isMeetingNotFound(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'AppError') return false;
  try {
    return (JSON.parse(error.message) as { code?: unknown }).code === MEETING_NOT_FOUND;
  } catch {
    return false;
  }
}

/** JSON body of a successful response, typed by the caller from the schemas' generated types. */
export const dataOf = <T>(response: HttpResponse): T => response.data as T;

import type { IncomingMessage } from 'node:http';
import { Reply } from '../http/reply.js';
import { AUTHORIZE_PARAM_NAMES, type AuthorizeParams } from './pages.js';

// What the provider's HTML pages (authorize, sign-in, consent, password change) share over HTTP:
// the page's headers, the check that a form post comes from this server's own page, and reading
// the form's fields and the authorize request's parameters it carries along.

/**
 * An HTML page of the flow: never framed, forms only to this server (and the client); never cached
 * either, by the routes' catalog entries (`cacheControl: 'no-store'`).
 */
export function htmlPage(status: number, body: string, formTarget?: string): Reply {
  // Chromium applies form-action to the redirect after the POST too: the client's URI is allowed.
  const formAction = ["'self'", formTarget ? originOf(formTarget) : ''].filter(Boolean).join(' ');
  return new Reply(status, body, {
    'Content-Type': 'text/html; charset=utf-8',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  });
}

/**
 * Login CSRF: a page of another site must not post these forms (sign a visitor in to an account of
 * its choosing, or drive a password change). Browsers name the posting page's origin (Origin,
 * Sec-Fetch-Site); a client that sends neither is not a browser someone else's page drives.
 * `publicUrl` is PARLEY_PUBLIC_URL, the origin the forms are served from; the request's Host without it.
 */
export function crossSite(request: IncomingMessage, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const protocol = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const own = publicUrl ? originOf(publicUrl) : `${protocol}://${request.headers.host}`;
  return origin !== own;
}

/** String fields of a parsed body or query; repeated and nested values are dropped. */
export function fieldsOf(source: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [name, value] of Object.entries(source)) if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

export function paramsOf(source: unknown): AuthorizeParams {
  const fields = fieldsOf(source);
  const params = {} as AuthorizeParams;
  for (const name of AUTHORIZE_PARAM_NAMES) params[name] = fields[name] ?? '';
  return params;
}

function originOf(uri: string): string {
  try {
    return new URL(uri).origin;
  } catch {
    return '';
  }
}

import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { ApiError } from '../services/api-error.js';
import type { Caller } from '../services/caller.js';
import { ErrorText, type RouteSpec } from '../services/contracts.js';
import { setCaller } from './locals.js';

// API-key authentication, in the two forms the spec gives: headers (X-API-Key, or
// Authorization: Bearer) on the meeting REST and denoise routes, the `api_key` query parameter on
// stt/tts and the live stream. A missing credential and a wrong one get the spec's two 401 texts.

export type Authenticate = (credential: string) => Promise<Caller | undefined>;

/** The caller of a request (for the catalog route `route` when known), or the 401 ApiError. */
export type ResolveCaller = (req: IncomingMessage, route?: RouteSpec) => Promise<Caller>;

/** The credential of a request's headers: X-API-Key first, then an `Authorization: Bearer` token. */
export function headerCredential(req: IncomingMessage): string | undefined {
  const key = firstHeader(req, 'x-api-key')?.trim();
  if (key) return key;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(firstHeader(req, 'authorization') ?? '');
  return match?.[1];
}

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The credential of a URL's query: `api_key`, or the declared `authorization` parameter (a bare key
 * or `Bearer <key>`). Exported for the live-stream upgrade, which has a URL but no express request.
 */
export function queryCredential(query: URLSearchParams): string | undefined {
  const key = query.get('api_key')?.trim();
  if (key) return key;
  const authorization = query.get('authorization')?.trim();
  return authorization ? authorization.replace(/^Bearer\s+/i, '') : undefined;
}

/** The caller for a credential, or the 401 ApiError the spec prescribes. */
export async function resolveCaller(
  authenticate: Authenticate,
  credential: string | undefined,
): Promise<Caller> {
  if (!credential) throw new ApiError('UNAUTHORIZED', ErrorText.missingAuth);
  const caller = await authenticate(credential);
  if (!caller) throw new ApiError('UNAUTHORIZED', ErrorText.invalidKey);
  return caller;
}

/** How each auth kind of the catalog finds the caller. */
export function callerResolvers(authenticate: Authenticate): Record<'api-key' | 'query-key', ResolveCaller> {
  return {
    'api-key': (req) => resolveCaller(authenticate, headerCredential(req)),
    // Query parameter first (the spec's form for stt/tts); headers are accepted as well. Express
    // rewrites req.url inside mounted routers; originalUrl is the URL the client sent.
    'query-key': (req) => {
      const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      const query = new URL(url, 'http://localhost').searchParams;
      return resolveCaller(authenticate, queryCredential(query) ?? headerCredential(req));
    },
  };
}

/** Express middleware: the caller is left on res.locals (callerOf). */
export function authMiddleware(resolve: ResolveCaller): RequestHandler {
  return async (req, res, next) => {
    setCaller(res, await resolve(req));
    next();
  };
}

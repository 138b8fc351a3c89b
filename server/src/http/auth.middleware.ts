import type { Request, RequestHandler } from 'express';
import { ApiError } from '../services/api-error.js';
import type { Caller } from '../services/caller.js';
import { ErrorText } from '../services/contracts.js';
import { setCaller } from './locals.js';

// API-key authentication, in the two forms the spec gives: headers (X-API-Key, or
// Authorization: Bearer) on the meeting REST and denoise routes, the `api_key` query parameter on
// stt/tts and the live stream. A missing credential and a wrong one get the spec's two 401 texts.

export type Authenticate = (credential: string) => Promise<Caller | undefined>;

/** The credential of a request's headers: X-API-Key first, then an `Authorization: Bearer` token. */
export function headerCredential(req: Request): string | undefined {
  const key = req.get('X-API-Key')?.trim();
  if (key) return key;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('Authorization') ?? '');
  return match?.[1];
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

export function headerKeyAuth(authenticate: Authenticate): RequestHandler {
  return async (req, res, next) => {
    setCaller(res, await resolveCaller(authenticate, headerCredential(req)));
    next();
  };
}

/** Query parameter first (the spec's form for stt/tts); headers are accepted as well. */
export function queryKeyAuth(authenticate: Authenticate): RequestHandler {
  return async (req, res, next) => {
    const query = new URL(req.originalUrl, 'http://localhost').searchParams;
    setCaller(res, await resolveCaller(authenticate, queryCredential(query) ?? headerCredential(req)));
    next();
  };
}

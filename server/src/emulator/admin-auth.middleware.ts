import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ApiError } from '../core/api-error.js';
import { ErrorText } from '../core/contracts.js';

// The /_emulator routes are the server's back office: they need `Authorization: Bearer <admin token>`.
// Without a configured token they do not exist at all (404), so a deployment cannot expose them by
// accident.

const digest = (text: string) => createHash('sha256').update(text).digest();

export function adminAuth(adminToken: string | undefined): RequestHandler {
  const expected = adminToken ? digest(adminToken) : undefined;
  return (req, _res, next) => {
    if (!expected) throw ApiError.notFound(`Route ${req.method} ${req.path}`);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('Authorization') ?? '');
    if (!match?.[1]) throw new ApiError('UNAUTHORIZED', ErrorText.missingAuth);
    // Comparing digests keeps the comparison constant-time whatever the lengths.
    if (!timingSafeEqual(digest(match[1]), expected))
      throw new ApiError('UNAUTHORIZED', 'Invalid admin token');
    next();
  };
}

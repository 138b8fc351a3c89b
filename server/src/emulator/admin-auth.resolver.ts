import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../core/api-error.js';
import { ErrorText } from '../core/contracts.js';
import type { ResolveCaller } from '../http/caller-auth.js';
import { pathOf } from '../http/route-table.js';

// The `admin` auth kind of the route catalog: the /_emulator routes are the server's back office
// and need `Authorization: Bearer <admin token>`. Without a configured token they do not exist at
// all (404), so a deployment cannot expose them by accident. There is no API caller: the resolver
// answers undefined once the token matches, and throws otherwise.

const digest = (text: string) => createHash('sha256').update(text).digest();

export function adminResolver(adminToken: string | undefined): ResolveCaller {
  const expected = adminToken ? digest(adminToken) : undefined;
  return async (req) => {
    if (!expected) throw ApiError.notFound(`Route ${req.method} ${pathOf(req.url)}`);
    const header = req.headers.authorization;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(typeof header === 'string' ? header : '');
    if (!match?.[1]) throw new ApiError('UNAUTHORIZED', ErrorText.missingAuth);
    // Comparing digests keeps the comparison constant-time whatever the lengths.
    if (!timingSafeEqual(digest(match[1]), expected))
      throw new ApiError('UNAUTHORIZED', 'Invalid admin token');
    return undefined;
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';

// HMAC-signed, expiring file URLs: `/files/<key>?expires=<unix seconds>&signature=<hmac>`. The
// signature covers the path and the expiry, so neither can be changed without the secret.

export function signature(secret: string, path: string, expires: number): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
}

export function signedQuery(secret: string, path: string, expires: number): string {
  return `expires=${expires}&signature=${signature(secret, path, expires)}`;
}

/** True when `given` is the signature of `path` until `expires` and `expires` is not past `nowSeconds`. */
export function verifySignature(
  secret: string,
  path: string,
  expires: number,
  given: string,
  nowSeconds: number,
): boolean {
  if (!Number.isInteger(expires) || expires < nowSeconds) return false;
  const expected = Buffer.from(signature(secret, path, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

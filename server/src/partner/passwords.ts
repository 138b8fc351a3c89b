import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { getSchema } from '@parley/schemas';

// Sign-in passwords, hashed with scrypt (node:crypto; RFC 7914). Parameters are stored with each
// hash so they can be raised later without invalidating existing passwords. N=2^15, r=8 costs
// ~32 MB and tens of milliseconds per check: slow for a guesser, fine for a sign-in page.

const PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };
const MAX_MEM = 64 * 1024 * 1024;

/**
 * How long a sign-in password may be, in characters: the emulator's password schema
 * (`emulator-password.request`) is the one home of these bounds, the self-service change reads them.
 */
export const PASSWORD_LENGTH = (() => {
  const properties = getSchema('emulator-password.request').properties as
    | Record<string, { minLength?: number; maxLength?: number }>
    | undefined;
  const { minLength, maxLength } = properties?.password ?? {};
  if (minLength === undefined || maxLength === undefined)
    throw new Error('emulator-password.request gives the password no minLength and maxLength');
  return { min: minLength, max: maxLength };
})();

function derive(password: string, salt: Buffer, N: number, r: number, p: number, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { N, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt b64url>$<key b64url>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = PARAMS;
  const key = await derive(password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

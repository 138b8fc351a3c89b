import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The pair that replaced a rotated refresh token, kept on that token's row so a second refresh
// inside the grace window (a platform refreshing concurrently) gets the very same pair. Only the
// token's hash is stored, so the pair is sealed with AES-256-GCM under a key derived (HKDF-SHA256)
// from the refresh token itself: whoever reads the database cannot open it, whoever presents the
// old refresh token can.

export interface SuccessorPair {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
  scopes: string[];
}

const INFO = 'parley refresh-token successor v1';
const keyOf = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', refreshToken, Buffer.alloc(0), INFO, 32));

export function sealSuccessor(refreshToken: string, pair: SuccessorPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const plain = JSON.stringify({
    a: pair.accessToken,
    r: pair.refreshToken,
    ae: pair.accessTokenExpiresAt.getTime(),
    re: pair.refreshTokenExpiresAt.getTime(),
    s: pair.scopes,
  });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The sealed pair, or undefined when the token does not open it (never the case for its own row). */
export function openSuccessor(refreshToken: string, sealed: string): SuccessorPair | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const v = JSON.parse(plain) as { a: string; r: string; ae: number; re: number; s: string[] };
    return {
      accessToken: v.a,
      refreshToken: v.r,
      accessTokenExpiresAt: new Date(v.ae),
      refreshTokenExpiresAt: new Date(v.re),
      scopes: v.s,
    };
  } catch {
    return undefined;
  }
}

import { hashSecret } from './accounts.store.js';
import type { RepoContext } from './repo-context.js';

// Authorization codes and tokens of the partner OAuth provider. Only hashes of codes and tokens
// are stored (RFC 9700 §4.14: a leaked database must not hand out live credentials). Every token
// belongs to a grant (`family_id`): the hash of the code it came from, carried over by each refresh,
// so a replayed code or a reused rotated refresh token revokes everything issued from that grant.
// Revocation is recorded for the grant itself (`oauth_revoked_grants`) and checked on every read
// and before every issue, so a token written by another process while the grant was revoked is
// dead as well: no row written "just after" the revocation escapes it.

export interface AuthorizationCode {
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: Date;
  used: boolean;
}

export type TokenKind = 'access' | 'refresh';

export interface IssuedToken {
  tokenHash: string;
  kind: TokenKind;
  clientId: string;
  userId: string;
  scopes: string[];
  grantId: string;
  expiresAt: Date;
  /** The token itself or its whole grant is revoked. */
  revoked: boolean;
  /** When this (refresh) token was rotated or revoked, in µs; null while live. */
  revokedUs: number | null;
  /** On a rotated refresh token, the encrypted pair that replaced it (partner/refresh-successor.ts). */
  successor: string | null;
  /** On a pair from a rotation not yet used: the refresh token it replaced (its hash). */
  rotatedFrom: string | null;
}

const toUs = (date: Date) => date.getTime() * 1000;
const fromUs = (us: number) => new Date(Number(us) / 1000);
const scopesOf = (scope: string) => scope.split(' ').filter(Boolean);

export class OAuthGrantsStore {
  constructor(private readonly ctx: RepoContext) {}

  async saveCode(input: Omit<AuthorizationCode, 'codeHash' | 'used'> & { code: string }): Promise<void> {
    await this.ctx.db
      .insertInto('oauth_codes')
      .values({
        code_hash: hashSecret(input.code),
        client_id: input.clientId,
        user_id: input.userId,
        redirect_uri: input.redirectUri,
        scope: input.scopes.join(' '),
        code_challenge: input.codeChallenge,
        code_challenge_method: input.codeChallengeMethod,
        expires_us: toUs(input.expiresAt),
        used_us: null,
        created_us: this.ctx.stamps.next(),
      })
      .execute();
  }

  async getCode(code: string): Promise<AuthorizationCode | undefined> {
    const row = await this.ctx.db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', hashSecret(code))
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      codeHash: row.code_hash,
      clientId: row.client_id,
      userId: row.user_id,
      redirectUri: row.redirect_uri,
      scopes: scopesOf(row.scope),
      codeChallenge: row.code_challenge,
      codeChallengeMethod: row.code_challenge_method,
      expiresAt: fromUs(row.expires_us),
      used: row.used_us !== null,
    };
  }

  /** Marks the code used; false when it already was (two concurrent exchanges: one wins). */
  async useCode(codeHash: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('oauth_codes')
      .set({ used_us: this.ctx.stamps.next() })
      .where('code_hash', '=', codeHash)
      .where('used_us', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async saveToken(
    input: Omit<IssuedToken, 'tokenHash' | 'revoked' | 'revokedUs' | 'successor' | 'rotatedFrom'> & {
      token: string;
      rotatedFrom?: string;
    },
  ): Promise<void> {
    await this.ctx.db
      .insertInto('oauth_tokens')
      .values({
        token_hash: hashSecret(input.token),
        kind: input.kind,
        client_id: input.clientId,
        user_id: input.userId,
        scope: input.scopes.join(' '),
        family_id: input.grantId,
        expires_us: toUs(input.expiresAt),
        revoked_us: null,
        created_us: this.ctx.stamps.next(),
        successor: null,
        rotated_from: input.rotatedFrom ?? null,
      })
      .execute();
  }

  async getToken(token: string, kind: TokenKind): Promise<IssuedToken | undefined> {
    const row = await this.ctx.db
      .selectFrom('oauth_tokens as t')
      .leftJoin('oauth_revoked_grants as g', 'g.grant_id', 't.family_id')
      .selectAll('t')
      .select('g.revoked_us as grant_revoked_us')
      .where('t.token_hash', '=', hashSecret(token))
      .where('t.kind', '=', kind)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      tokenHash: row.token_hash,
      kind: row.kind as TokenKind,
      clientId: row.client_id,
      userId: row.user_id,
      scopes: scopesOf(row.scope),
      grantId: row.family_id,
      expiresAt: fromUs(row.expires_us),
      revoked: row.revoked_us !== null || row.grant_revoked_us !== null,
      revokedUs: row.revoked_us === null ? null : Number(row.revoked_us),
      successor: row.successor,
      rotatedFrom: row.rotated_from,
    };
  }

  /**
   * The first use of a pair from a rotation: the refresh token it replaced loses its sealed copy, so
   * presenting that token again is reuse even inside the grace window (the client has the new pair).
   */
  async pairUsed(tokenHash: string, rotatedFrom: string): Promise<void> {
    await this.ctx.db
      .updateTable('oauth_tokens')
      .set({ successor: null })
      .where('token_hash', '=', rotatedFrom)
      .execute();
    await this.ctx.db
      .updateTable('oauth_tokens')
      .set({ rotated_from: null })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** True when the grant was revoked as a whole. */
  async grantRevoked(grantId: string): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('oauth_revoked_grants')
      .select('grant_id')
      .where('grant_id', '=', grantId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Rotates a refresh token: marks it revoked with the encrypted pair that replaces it. False when
   * it was not live (a concurrent refresh won: on PostgreSQL this waits for that transaction).
   */
  async retireRefreshToken(tokenHash: string, successor: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('oauth_tokens')
      .set({ revoked_us: this.ctx.stamps.next(), successor })
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', 'refresh')
      .where('revoked_us', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes one token; false when it was revoked already (a concurrent refresh won). */
  async revokeToken(tokenHash: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('oauth_tokens')
      .set({ revoked_us: this.ctx.stamps.next() })
      .where('token_hash', '=', tokenHash)
      .where('revoked_us', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Revokes every grant of the user that could still issue or hold a token (a password change): the
   * grants of their unexpired tokens and of their unexpired codes (a code's grant is its hash).
   */
  async revokeGrantsOfUser(userId: string, now: Date): Promise<number> {
    const nowUs = toUs(now);
    const tokens = await this.ctx.db
      .selectFrom('oauth_tokens')
      .select('family_id as grant')
      .distinct()
      .where('user_id', '=', userId)
      .where('expires_us', '>', nowUs)
      .execute();
    const codes = await this.ctx.db
      .selectFrom('oauth_codes')
      .select('code_hash as grant')
      .where('user_id', '=', userId)
      .where('expires_us', '>', nowUs)
      .execute();
    const grants = new Set([...tokens, ...codes].map((row) => row.grant));
    for (const grant of grants) await this.revokeGrant(grant);
    return grants.size;
  }

  /** Revokes a grant as a whole, and every token of it written so far; returns how many were live. */
  async revokeGrant(grantId: string): Promise<number> {
    const stamp = this.ctx.stamps.next();
    await this.ctx.db
      .insertInto('oauth_revoked_grants')
      .values({ grant_id: grantId, revoked_us: stamp })
      .onConflict((oc) => oc.column('grant_id').doNothing())
      .execute();
    const result = await this.ctx.db
      .updateTable('oauth_tokens')
      .set({ revoked_us: stamp })
      .where('family_id', '=', grantId)
      .where('revoked_us', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

import { hashSecret } from './accounts.store.js';
import type { RepoContext } from './repo-context.js';

// Sign-in state of the partner authorize pages: each user's password hash and the browser
// sessions made by signing in. The session cookie's value is never stored, only its hash.

export interface SignInSession {
  userId: string;
  csrfToken: string;
  expiresAt: Date;
}

export class PartnerAuthStore {
  constructor(private readonly ctx: RepoContext) {}

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    const row = { user_id: userId, password_hash: passwordHash, updated_us: this.ctx.stamps.next() };
    await this.ctx.db
      .insertInto('user_passwords')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ password_hash: row.password_hash, updated_us: row.updated_us }),
      )
      .execute();
  }

  /** Ends every sign-in session of the user (a password change); the count ended. */
  async endSessions(userId: string): Promise<number> {
    const result = await this.ctx.db
      .deleteFrom('oauth_sessions')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async passwordHash(userId: string): Promise<string | undefined> {
    const row = await this.ctx.db
      .selectFrom('user_passwords')
      .select('password_hash')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash;
  }

  async createSession(input: { cookie: string; userId: string; csrfToken: string; expiresAt: Date }) {
    await this.ctx.db
      .insertInto('oauth_sessions')
      .values({
        session_hash: hashSecret(input.cookie),
        user_id: input.userId,
        csrf_token: input.csrfToken,
        expires_us: input.expiresAt.getTime() * 1000,
        created_us: this.ctx.stamps.next(),
      })
      .execute();
  }

  /** The live session of a cookie value; expired ones are deleted on sight. */
  async session(cookie: string, now: Date): Promise<SignInSession | undefined> {
    const hash = hashSecret(cookie);
    const row = await this.ctx.db
      .selectFrom('oauth_sessions')
      .selectAll()
      .where('session_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    const expiresAt = new Date(Number(row.expires_us) / 1000);
    if (expiresAt <= now) {
      await this.ctx.db.deleteFrom('oauth_sessions').where('session_hash', '=', hash).execute();
      return undefined;
    }
    return { userId: row.user_id, csrfToken: row.csrf_token, expiresAt };
  }
}

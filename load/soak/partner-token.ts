import { createHash, randomBytes } from 'node:crypto';
import { routePath } from '../src/routes.js';

// A partner access token for the soak's polls and hook subscription, got as the automation platform
// gets one: the demo user signs in on the authorize page, consents, and the client exchanges the
// code (PKCE) at the token endpoint. Access tokens live an hour (OAuthTtl), so `fresh()` refreshes
// one that is about to expire, and `refresh()` after a 401; refresh tokens rotate on every use.

export interface PartnerLogin {
  baseUrl: string;
  email: string;
  password: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const EARLY_REFRESH_MS = 5 * 60_000;

export class PartnerToken {
  private answer: TokenAnswer | undefined;
  private expiresAt = 0;

  constructor(private readonly login: PartnerLogin) {}

  async fresh(): Promise<string> {
    if (!this.answer) await this.store(await this.authorize());
    else if (Date.now() > this.expiresAt - EARLY_REFRESH_MS) await this.refresh();
    return this.answer?.access_token ?? '';
  }

  async refresh(): Promise<void> {
    if (!this.answer) return;
    await this.store(
      await this.token({ grant_type: 'refresh_token', refresh_token: this.answer.refresh_token }),
    );
  }

  private async store(answer: TokenAnswer): Promise<void> {
    this.answer = answer;
    this.expiresAt = Date.now() + answer.expires_in * 1000;
  }

  private async authorize(): Promise<TokenAnswer> {
    const { baseUrl, clientId, redirectUri } = this.login;
    const verifier = randomBytes(32).toString('base64url');
    const query = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const signIn = await fetch(`${baseUrl}${routePath('partner-sign-in')}`, {
      method: 'POST',
      redirect: 'manual',
      headers: form,
      body: new URLSearchParams({ ...query, email: this.login.email, password: this.login.password }),
    });
    if (signIn.status !== 303) throw new Error(`partner sign-in answered ${signIn.status}`);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const consent = await fetch(`${baseUrl}${signIn.headers.get('location')}`, { headers: { cookie } });
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await consent.text())?.[1];
    if (!csrf) throw new Error(`the consent page (${consent.status}) has no form`);
    const decided = await fetch(`${baseUrl}${routePath('partner-consent')}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...form, cookie },
      body: new URLSearchParams({ ...query, csrf_token: csrf, decision: 'allow' }),
    });
    const code = new URL(decided.headers.get('location') ?? 'x:').searchParams.get('code');
    if (!code) throw new Error(`the consent answered ${decided.status} without a code`);
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
  }

  private async token(fields: Record<string, string>): Promise<TokenAnswer> {
    const { clientId, clientSecret } = this.login;
    const reply = await fetch(`${this.login.baseUrl}${routePath('partner-token')}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams(fields),
    });
    const body = (await reply.json()) as TokenAnswer;
    if (reply.status !== 200 || typeof body.access_token !== 'string')
      throw new Error(`the token endpoint answered ${reply.status}`);
    return body;
  }
}

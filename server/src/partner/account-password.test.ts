import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  authorizeQuery,
  bearer,
  connect,
  exchange,
  PASSWORD,
  setPassword,
  startPartnerServer,
  tokenRequest,
} from '../../test-support/partner-oauth.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';
import { startInProcessServer } from '../in-process-server.js';
import { hashPassword, PASSWORD_LENGTH } from './passwords.js';

// The self-service password change (/account/password): the new password signs in and the old one
// no longer does, what the old password opened ends, and the form is no better for guessing a
// password than the sign-in form (same lock, same count).

let server: TestServer;
beforeAll(async () => {
  server = await startPartnerServer();
}, 60_000);
afterAll(() => server.close());

const NEW_PASSWORD = 'a new and longer passphrase';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function change(user: TestUser, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/account/password`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, ...headers },
    body: new URLSearchParams({
      email: user.email,
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_again: NEW_PASSWORD,
      ...fields,
    }),
  });
}

/** Posts the authorize page's sign-in form; 303 (with a session cookie) when the password is right. */
function signIn(user: TestUser, password: string) {
  return fetch(`${server.url}/oauth/partner/authorize/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: FORM,
    body: new URLSearchParams({ ...Object.fromEntries(authorizeQuery()), email: user.email, password }),
  });
}

async function newUser(name: string): Promise<TestUser> {
  const user = await server.user(name);
  await setPassword(server, user);
  return user;
}

describe('password change page', () => {
  it('serves the form like the sign-in page, which links to it with the authorize request', async () => {
    const signInPage = await fetch(`${server.url}/oauth/partner/authorize?${authorizeQuery()}`);
    const link = /<a href="([^"]+)">Change your password<\/a>/.exec(await signInPage.text())?.[1];
    expect(link).toBeDefined();
    const reply = await fetch(`${server.url}${(link ?? '').replaceAll('&#38;', '&')}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await reply.text();
    for (const field of ['email', 'current_password', 'new_password', 'new_password_again']) {
      expect(html).toContain(`<label for="${field}">`);
    }
    expect(html).toContain(`minlength="${PASSWORD_LENGTH.min}"`);
    expect(html).toContain('name="client_id" value="test-partner-client"');
  });

  it('changes the password: the new one signs in, the old one is refused, and old grants end', async () => {
    const ana = await newUser('ana');
    const tokens = await connect(server, ana);
    const pendingCode = (await authorize(server, ana, authorizeQuery())).searchParams.get('code') ?? '';
    const oldSession = (await signIn(ana, PASSWORD)).headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(oldSession).not.toBe('');

    const reply = await change(ana, Object.fromEntries(authorizeQuery()));
    expect(reply.status).toBe(200);
    const page = await reply.text();
    expect(page).toContain('Your password is changed');
    expect(page).toContain('2 connections');
    expect(page).toContain('Back to sign in');

    expect((await signIn(ana, PASSWORD)).status).toBe(401);
    const signedIn = await signIn(ana, NEW_PASSWORD);
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    const consent = await fetch(`${server.url}${signedIn.headers.get('location')}`, { headers: { cookie } });
    expect(await consent.text()).toContain('name="csrf_token"');

    // Only the scrypt hash is stored.
    const stored = (await server.store.partnerAuth.passwordHash(ana.userId)) ?? '';
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(NEW_PASSWORD);
    // What the old password opened is over: the session, the tokens, a code not yet exchanged.
    const afterSession = await fetch(`${server.url}/oauth/partner/authorize?${authorizeQuery()}`, {
      headers: { cookie: oldSession },
    });
    expect(await afterSession.text()).toContain('Sign in to Parley');
    expect((await server.get('/api/partner/me', bearer(tokens.access))).status).toBe(401);
    const refreshed = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
    expect((await exchange(server, pendingCode)).body.error).toBe('invalid_grant');
  }, 60_000);

  it('refuses a wrong current password (after the failed-sign-in wait) and changes nothing', async () => {
    const bo = await newUser('bo');
    const tokens = await connect(server, bo);
    const reply = await change(bo, { current_password: 'not the password' });
    expect(reply.status).toBe(401);
    expect(await reply.text()).toContain('The e-mail address or current password is not correct.');
    expect((await signIn(bo, NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(bo, PASSWORD)).status).toBe(303);
    expect((await server.get('/api/partner/me', bearer(tokens.access))).status).toBe(200);
    // An address without a password (or without a user) is refused the same way.
    const unknown = await change({ ...bo, email: 'nobody@example.com' }, {});
    expect(unknown.status).toBe(401);
  }, 60_000);

  it('refuses a short, long or mistyped new password with a clear message, before checking the current one', async () => {
    const cy = await newUser('cy');
    const short = 'x'.repeat(PASSWORD_LENGTH.min - 1);
    const cases = [
      [{ new_password: short, new_password_again: short }, `at least ${PASSWORD_LENGTH.min} characters`],
      [{ new_password: 'y'.repeat(PASSWORD_LENGTH.max + 1), new_password_again: '' }, 'too long'],
      [{ new_password_again: `${NEW_PASSWORD}!` }, 'The two new passwords are not the same.'],
      // The same answer whether the current password is right or not: no oracle.
      [{ current_password: 'wrong', new_password_again: 'other' }, 'The two new passwords are not the same.'],
      [{ current_password: '' }, 'Enter your e-mail address and your current password.'],
    ] as const;
    for (const [fields, message] of cases) {
      const reply = await change(cy, fields);
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(await reply.text()).toContain(message);
    }
    expect((await signIn(cy, PASSWORD)).status).toBe(303);
    // A code point is one character, as JSON Schema counts: seven emoji are too short.
    const emoji = '🔑'.repeat(PASSWORD_LENGTH.min - 1);
    expect((await change(cy, { new_password: emoji, new_password_again: emoji })).status).toBe(400);
  }, 60_000);

  it('refuses a post from another site, and changes nothing', async () => {
    const di = await newUser('di');
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const reply = await change(di, {}, headers);
      expect(reply.status).toBe(403);
    }
    expect((await signIn(di, PASSWORD)).status).toBe(303);
    const own = await change(di, {}, { origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
  }, 60_000);

  it('shares the sign-in lock: failures on either form add up, then even the right password is refused', async () => {
    const ed = await newUser('ed');
    const hashBefore = await server.store.partnerAuth.passwordHash(ed.userId);
    for (let i = 0; i < 3; i++) expect((await signIn(ed, 'wrong')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await change(ed, { current_password: 'wrong' })).status).toBe(401);
    const locked = await change(ed, {});
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(
      'Too many failed sign-ins for this address. Try again in 5 minutes.',
    );
    expect((await signIn(ed, PASSWORD)).status).toBe(429);
    expect(await server.store.partnerAuth.passwordHash(ed.userId)).toBe(hashBefore);
    expect((await signIn(ed, NEW_PASSWORD)).status).toBe(429);
  }, 60_000);
});

describe('password change logs', () => {
  it('writes no password to the log, at the most verbose level, whatever the outcome', async () => {
    let log = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const logged = await startInProcessServer({ logger: pino({ level: 'trace' }, sink) });
    try {
      const { userId, email } = await logged.user('fay');
      await logged.built.store.partnerAuth.setPasswordHash(userId, await hashPassword(PASSWORD));
      const post = (current: string, next: string, again: string) =>
        fetch(`${logged.url}/account/password`, {
          method: 'POST',
          headers: FORM,
          body: new URLSearchParams({
            email,
            current_password: current,
            new_password: next,
            new_password_again: again,
          }),
        });
      const wrong = 'wrong-current-secret';
      const mistyped = 'mistyped-new-secret';
      expect((await post(PASSWORD, NEW_PASSWORD, mistyped)).status).toBe(400);
      expect((await post(wrong, NEW_PASSWORD, NEW_PASSWORD)).status).toBe(401);
      expect((await post(PASSWORD, NEW_PASSWORD, NEW_PASSWORD)).status).toBe(200);
      // The requests were logged (so the check below reads real lines), their passwords not.
      expect(log.match(/"path":"\/account\/password"/g)).toHaveLength(3);
      for (const secret of [PASSWORD, NEW_PASSWORD, wrong, mistyped]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  }, 60_000);
});

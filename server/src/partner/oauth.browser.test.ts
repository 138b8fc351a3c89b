import { createRequire } from 'node:module';
import { launchChromium } from '@parley/test-browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeQuery,
  bearer,
  CLIENT,
  exchange,
  PASSWORD,
  pkcePair,
  setPassword,
  startPartnerServer,
} from '../../test-support/partner-oauth.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

// The authorize pages in a real browser (Debian's chromium through playwright-core): sign in, read
// the consent page, approve or decline, then exchange the code with PKCE; change the password from
// the sign-in page's link and come back to sign in; axe-core checks each page.

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: TestServer;
let browser: Browser;
let ana: TestUser;

beforeAll(async () => {
  server = await startPartnerServer();
  ana = await server.user('ana');
  await setPassword(server, ana);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function axeViolations(page: Page): Promise<unknown[]> {
  await page.addScriptTag({ path: axeSource });
  // The function runs in the page, where `axe` is a global (the server's tsconfig has no DOM types).
  return page.evaluate(async () => {
    const page = globalThis as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } };
    return (await page.axe.run()).violations;
  });
}

/** Opens the authorize URL, signs in, and stops on the consent page; the redirect is caught. */
async function toConsent(query: URLSearchParams) {
  // The page's CSP forbids scripts; axe is injected by the test only.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  let redirectedTo: URL | undefined;
  await page.route(`${CLIENT.redirectUri}**`, async (route) => {
    redirectedTo = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the platform' });
  });
  await page.goto(`${server.url}/oauth/partner/authorize?${query}`);
  expect(await page.title()).toContain('Sign in');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('E-mail address').fill(ana.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oauth\/partner\/authorize\?/);
  return { page, context, redirected: () => redirectedTo };
}

describe('authorize in a browser', () => {
  it('signs in, shows an accessible consent page, approves, and the code exchanges with PKCE', async () => {
    const { verifier, challenge } = pkcePair();
    const { page, context, redirected } = await toConsent(
      authorizeQuery({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toContain('Test platform');
    const text = await page.textContent('main');
    expect(text).toContain(ana.email);
    expect(text).toContain('meetings:read');
    expect(text).toContain('documents:write');
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard order: the primary action comes first.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
          .activeElement?.textContent,
    );
    expect(focused).toBe('Allow');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${CLIENT.redirectUri}**`);
    const back = redirected();
    expect(back?.searchParams.get('state')).toBe('st-123');
    const code = back?.searchParams.get('code') ?? '';
    const tokens = await exchange(server, code, verifier);
    expect(tokens.status).toBe(200);
    const me = await server.get('/api/partner/me', bearer(String(tokens.body.access_token)));
    expect(me.body).toMatchObject({ user_id: ana.userId, email: ana.email });
    await context.close();
  }, 60_000);

  it('declining sends access_denied back to the client', async () => {
    const { page, context, redirected } = await toConsent(authorizeQuery());
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${CLIENT.redirectUri}**`);
    expect(redirected()?.searchParams.get('error')).toBe('access_denied');
    expect(redirected()?.searchParams.get('state')).toBe('st-123');
    await context.close();
  }, 60_000);

  it("changes the password from the sign-in page's link, then signs in with it", async () => {
    const bo = await server.user('bo');
    await setPassword(server, bo);
    const fresh = 'a fresh passphrase for bo';
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/oauth/partner/authorize?${authorizeQuery()}`);
    await page.getByRole('link', { name: 'Change your password' }).click();
    expect(await page.title()).toContain('Change your password');
    expect(await axeViolations(page)).toEqual([]);
    const fill = async (again: string) => {
      await page.getByLabel('E-mail address').fill(bo.email);
      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill(fresh);
      await page.getByLabel('New password again').fill(again);
      await page.getByRole('button', { name: 'Change password' }).click();
    };
    await fill(`${fresh}?`);
    expect(await page.getByRole('alert').textContent()).toContain('not the same');
    expect(await axeViolations(page)).toEqual([]);
    await fill(fresh);
    expect(await page.getByRole('status').textContent()).toContain('the old one no longer works');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('E-mail address').fill(bo.email);
    await page.getByLabel('Password').fill(fresh);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oauth\/partner\/authorize\?/);
    expect(await page.textContent('main')).toContain(bo.email);
    await context.close();
  }, 60_000);
});

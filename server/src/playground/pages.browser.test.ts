import { launchChromium } from '@parley/test-browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type RunningServer, screenshot, startServer } from '../../test-support/browser.js';

// /docs/ and /docs/asyncapi/ in Debian's chromium against the real server (every local engine, the
// demo account), the way a person uses them: Swagger UI's "Try it out" and the AsyncAPI page, at
// 1280 px and on a 390 px phone. Each page is screenshotted into server/.screenshots/ and checked
// with axe-core; each page, the playground too, must load without a console error or a failed
// request. The playground's own tools have their file (playground.browser.test.ts).

/**
 * axe-core rules that Swagger UI's own markup breaks and a stylesheet cannot mend: the server and
 * example <select>s and the server-variable <input> have no label, an operation's header is a button
 * holding buttons, example blocks scroll without focus, its headings skip levels, and its layout
 * puts the info block outside its <main>. Colours are ours to fix (routes/docs/docs-pages.routes.ts) and checked.
 */
const SWAGGER_UI_MARKUP = [
  'select-name',
  'label',
  'nested-interactive',
  'scrollable-region-focusable',
  'heading-order',
  'region',
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * What went wrong while `path` loaded and settled: console errors, uncaught exceptions, requests
 * that failed or were answered 4xx/5xx (a missing /favicon.ico among them).
 */
async function loadProblems(path: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  await page.goto(`${server.url}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // Every page names its icon: one that does not falls back to /favicon.ico, which this server has not.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  if (!icon) problems.push('no <link rel="icon">');
  else if (!(await page.request.get(new URL(icon, page.url()).href)).ok()) problems.push(`icon ${icon}`);
  await context.close();
  return problems;
}

describe('the pages a newcomer opens', () => {
  it('load with no console error and no failed request', async () => {
    expect(
      await loadProblems('/docs/', (page) =>
        page.locator('#operations-meetings-get-meetings').waitFor({ timeout: 60_000 }),
      ),
    ).toEqual([]);
    expect(
      await loadProblems('/docs/asyncapi/', (page) =>
        page.getByRole('heading', { name: 'Operations' }).waitFor({ timeout: 60_000 }),
      ),
    ).toEqual([]);
    expect(
      await loadProblems('/playground/', (page) =>
        page.locator('.code[data-code="translate"] [role="tab"]').first().waitFor({ timeout: 60_000 }),
      ),
    ).toEqual([]);
  }, 120_000);
});

async function open(path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

describe('/docs/', () => {
  it('shows no warning or error banner and Try it out on get-meetings answers 200 from this server', async () => {
    const page = await open('/docs/');
    await page.locator('#operations-meetings-get-meetings').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.computed-url').first().innerText()).toContain(server.url);
    expect(await page.locator('.errors-wrapper, .version-pragma').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/warning|not supported/i);
    expect(await page.locator('.info').innerText()).toContain(server.demoKey);
    expect(await page.locator('.info a[href="/docs/asyncapi/"]').count()).toBe(1);

    const op = page.locator('#operations-meetings-get-meetings');
    await op.locator('.opblock-summary-control').click();
    await op.getByRole('button', { name: 'Try it out' }).click();
    const answer = page.waitForResponse((r) => r.url() === `${server.url}/v1/get-meetings`);
    await op.getByRole('button', { name: 'Execute' }).click();
    expect((await answer).status()).toBe(200);
    await expect
      .poll(() => op.locator('.live-responses-table tbody .response-col_status').first().innerText())
      .toBe('200');
    // Expanding the operation resolved its schema files without a resolver error.
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    await screenshot(page, 'docs');
    expect(await axeViolations(page, SWAGGER_UI_MARKUP)).toEqual([]);
  }, 120_000);
});

describe('/docs/asyncapi/', () => {
  it('renders the live stream document from the local renderer, linked from /docs/', async () => {
    const page = await open('/docs/asyncapi/');
    await page.getByRole('heading', { name: 'Operations' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('body').innerText()).not.toMatch(/errors in your Asyncapi document/i);
    const text = await page.locator('body').innerText();
    expect(text).toContain('finished');
    // This server's address (not the document's default port), no internal file names, one title.
    expect(text).toContain(new URL(server.url).host);
    expect(text).not.toMatch(/127\.0\.0\.1:8080|constants\.ts/);
    // One title on screen: the renderer's (the page's <h1> is for screen readers, the renderer has none).
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').getAttribute('class')).toBe('sr-only');
    expect(await page.locator('#asyncapi').getByText('Parley live speech-to-text 1.0.0').count()).toBe(1);
    // Inline code shows as code, without the stylesheet's literal backticks around it.
    const before = await page
      .locator('#asyncapi code')
      .first()
      .evaluate(
        (code) =>
          (
            globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }
          ).getComputedStyle(code, '::before').content,
      );
    expect(before).toMatch(/^(none|normal)$/);
    // No floating menu button over the text: nothing in the rendered document is fixed to the screen.
    const fixed = await page
      .locator('#asyncapi *')
      .evaluateAll(
        (all) =>
          all.filter(
            (e) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }
              ).getComputedStyle(e).position === 'fixed' &&
              (e as unknown as { offsetParent: unknown }).offsetParent !== null,
          ).length,
      );
    expect(fixed).toBe(0);
    await screenshot(page, 'asyncapi');
    // The renderer lists a payload's property badges in a <ul> with non-<li> children.
    expect(await axeViolations(page, ['list'])).toEqual([]);
  }, 120_000);
});

describe('/docs/asyncapi/ on a 390 px phone', () => {
  it('is never wider than the screen', async () => {
    const page = await open('/docs/asyncapi/', 390);
    await page.getByRole('heading', { name: 'Operations' }).waitFor({ timeout: 60_000 });
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'asyncapi-390');
  }, 120_000);
});

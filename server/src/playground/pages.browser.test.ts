import { fileURLToPath } from 'node:url';
import { launchChromium } from '@parley/test-browser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, type RunningServer, screenshot, startServer } from './browser.test-support.js';

// /docs/, /docs/asyncapi/ and /playground/ in Debian's chromium against the real server (every local
// engine, the demo account), the way a person uses them: Swagger UI's "Try it out", the AsyncAPI
// page, and each playground section, the microphone being Chromium's fake device fed a fixture.
// Each page is screenshotted into server/.screenshots/ and checked with axe-core.

const MIC_FIXTURE = fileURLToPath(new URL('../../../fixtures/audio/en/rms-01.wav', import.meta.url));
const MIC_WORDS = ['good', 'morning', 'everyone', 'start', 'meeting'];

/**
 * axe-core rules that Swagger UI's own markup breaks and a stylesheet cannot mend: the server and
 * example <select>s and the server-variable <input> have no label, an operation's header is a button
 * holding buttons, example blocks scroll without focus, its headings skip levels, and its layout
 * puts the info block outside its <main>. Colours are ours to fix (docs-pages.routes.ts) and checked.
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
  // The playground's fixtures are served by this (loopback) server itself: private URLs allowed.
  [server, browser] = await Promise.all([
    startServer({ PARLEY_ALLOW_PRIVATE_URLS: '1' }),
    launchChromium({ fakeMicrophoneWav: MIC_FIXTURE }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<Page> {
  const context = await browser.newContext({ permissions: ['microphone'] });
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
    expect(await page.locator('body').innerText()).toContain('finished');
    await screenshot(page, 'asyncapi');
    // The renderer lists a payload's property badges in a <ul> with non-<li> children.
    expect(await axeViolations(page, ['list'])).toEqual([]);
  }, 120_000);
});

describe('/playground/', () => {
  let page: Page;
  beforeAll(async () => {
    page = await open('/playground/');
    // The key arrives with /docs/session.json, after the page loaded.
    for (let i = 0; i < 100 && (await page.locator('#api-key').inputValue()) === ''; i++)
      await page.waitForTimeout(100);
    expect(await page.locator('#api-key').inputValue()).toBe(server.demoKey);
  }, 60_000);

  it('has no axe-core violation and works from the keyboard', async () => {
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#api-key').focus();
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').getAttribute('value')).toBe('microphone');
  }, 60_000);

  it('transcribes the microphone live: interims, finals with the fixture words, finished with its time', async () => {
    await page.locator('#live-start').click();
    await page
      .locator('#live-log')
      .getByText(/streaming from the microphone at 16000 Hz/)
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('#live-interim, #live-finals').allInnerTexts(), { timeout: 60_000 })
      .toContainEqual(expect.stringMatching(/\w/));
    await page.waitForTimeout(4000);
    await page.locator('#live-stop').click();
    await page
      .locator('#live-log')
      .getByText(/finished \(finalize took \d+ ms/)
      .waitFor({ timeout: 60_000 });
    const finals = (await page.locator('#live-finals').innerText()).toLowerCase();
    expect(MIC_WORDS.filter((w) => finals.includes(w)).length, finals).toBeGreaterThanOrEqual(2);
    expect(finals).toMatch(/speaker \d+:/);
    const sent = await page.locator('#live-log').innerText();
    expect(sent).toMatch(/sent the empty frame after (\d+) audio frames \((\d+) bytes\)/);
    const [, frames, bytes] = /after (\d+) audio frames \((\d+) bytes\)/.exec(sent) ?? [];
    // Every frame but the flushed last one is 640 bytes.
    expect(Number(bytes)).toBeGreaterThan((Number(frames) - 1) * 640);
    expect(Number(bytes)).toBeLessThanOrEqual(Number(frames) * 640);
    await screenshot(page, 'playground-live');
  }, 180_000);

  it('file STT, TTS and denoise round trips: answers shown with their curl, audio plays', async () => {
    await page.locator('#stt-form button').click();
    await expect
      .poll(() => page.locator('#stt-result').innerText(), { timeout: 120_000 })
      .toMatch(/^HTTP 200/);
    expect(await page.locator('#stt-curl').innerText()).toContain(`${server.url}/v1/stt?api_key=`);

    await page.locator('#tts-form button').click();
    await expect
      .poll(() => page.locator('#tts-result').innerText(), { timeout: 120_000 })
      .toMatch(/^HTTP 200/);
    expect(await page.locator('#tts-curl').innerText()).toContain(
      'protoc --encode=parley.v1.SessionTTSRequest',
    );
    expect(await plays(page, '#tts-audio')).toBe(true);

    await page.locator('#denoise-form button').click();
    await expect
      .poll(() => page.locator('#denoise-result').innerText(), { timeout: 120_000 })
      .toMatch(/^HTTP 200/);
    await expect
      .poll(() => page.locator('#denoise-after-wave').getAttribute('data-samples'), { timeout: 30_000 })
      .toMatch(/^[1-9]/);
    expect(await page.locator('#denoise-before-wave').getAttribute('data-samples')).toMatch(/^[1-9]/);
    expect(await page.locator('#denoise-lsnr-summary').innerText()).toMatch(/dB over \d+ frames/);
    expect(await plays(page, '#denoise-before')).toBe(true);
    expect(await plays(page, '#denoise-after')).toBe(true);
    await screenshot(page, 'playground-speech');
  }, 300_000);

  it('translate-text shows the status and the error body when no engine answers', async () => {
    await page.locator('#translate-form button').click();
    const result = page.locator('#translate-result');
    await expect.poll(() => result.innerText(), { timeout: 60_000 }).toMatch(/^HTTP \d{3}/);
    const text = await result.innerText();
    if (!text.startsWith('HTTP 200')) {
      expect(await result.getAttribute('class')).toContain('error');
      expect(text).toMatch(/"error"|"code"/);
    }
    expect(await page.locator('#translate-curl').innerText()).toContain('"target_languages":["de","fr"]');
    await screenshot(page, 'playground-translate');
  }, 120_000);
});

/** Plays an <audio> from its start; true once its clock has advanced (it decoded and ran). */
function plays(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .evaluate(async (audio: { currentTime: number; play(): Promise<void>; pause(): void }) => {
      audio.currentTime = 0;
      await audio.play();
      const started = performance.now();
      while (audio.currentTime < 0.2 && performance.now() - started < 15_000) {
        await new Promise((r) => setTimeout(r, 100));
      }
      audio.pause();
      return audio.currentTime >= 0.2;
    });
}

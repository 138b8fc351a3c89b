import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

// The one way the repo's tests start a browser: Debian's chromium (scripts/setup.sh installs it;
// PARLEY_CHROMIUM names another binary) driven by playwright-core, headless, with no network, GPU,
// first-run or sync work of Chromium's own.

export const CHROMIUM = process.env.PARLEY_CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

/** The one line a test fails with when the browser is not installed. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing: apt-get install chromium`;
}

/**
 * Launches Chromium; with a WAV file, pages get it as their (already permitted) microphone. Without
 * the binary it fails with chromiumMissing()'s line rather than playwright's page of advice.
 */
export async function launchChromium(options: { fakeMicrophoneWav?: string } = {}): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  const wav = options.fakeMicrophoneWav;
  const mic = wav
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ]
    : [];
  return chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...mic], timeout: 60_000 });
}

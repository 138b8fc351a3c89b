import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@parley/test-browser';
import { describe, expect, it, vi } from 'vitest';
import { main, parseCli } from '../cli.js';
import { FAILURE_CODES } from '../failure-codes.js';
import { exitCodeOf } from '../report.js';
import { consoleReport } from './console.reporter.js';
import { htmlReport } from './html.reporter.js';
import { junitReport } from './junit.reporter.js';
import { report, result, SECRET } from './sample-report.test-support.js';

describe('reports', () => {
  const sample = report([
    result('rest.01.route-schemas', 'PASS'),
    result('errors.04.unknown-ids', 'FAIL', 'code is "GONE"'),
  ]);

  it('redact the key in every format', () => {
    for (const text of [
      JSON.stringify(sample),
      junitReport(sample),
      htmlReport(sample),
      consoleReport(sample),
    ]) {
      expect(text).not.toContain(SECRET);
    }
    expect(htmlReport(sample)).toContain('&lt;API_KEY&gt;');
  });

  it('the console ends with a FAILURES section (clause, last exchange, reproduction), then the summary', () => {
    const text = consoleReport(sample);
    const failures = text.slice(text.indexOf('\nFAILURES\n'));
    expect(text.indexOf('\nFAILURES\n')).toBeGreaterThan(0);
    expect(failures).toContain('FAIL errors.04.unknown-ids: code is "GONE"');
    expect(failures).toContain('clause: Errors 1');
    expect(failures).toContain('last exchange: POST http://host/v1/stt?api_key=<API_KEY> → 404');
    expect(failures).toContain("reproduce with: curl -sS -X POST 'http://host/v1/stt?api_key=<API_KEY>'");
    expect(text.trim().split('\n').at(-1)).toMatch(/^1 PASS, 1 FAIL; exit 1/);
    expect(consoleReport(report([result('rest.01.route-schemas', 'PASS')]))).not.toContain('FAILURES');
  });

  it('JUnit XML has one failure with the reproduction', () => {
    const xml = junitReport(sample);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('curl -sS');
  });

  it('HTML escapes answers and renders in headless Chromium', async () => {
    const html = htmlReport(sample);
    expect(html).toContain('&lt;b&gt;Meeting not found');
    const dir = mkdtempSync(join(tmpdir(), 'kit-html-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, html);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`file://${file}`);
      expect(await page.locator('section#errors\\.04\\.unknown-ids h3').textContent()).toBe(
        'errors.04.unknown-ids',
      );
      expect(await page.locator('table#checks tbody tr').count()).toBe(2);
      expect(await page.locator('tr.deviation').count()).toBe(1);
      const shot = join(dir, 'report.png');
      await page.screenshot({ path: shot, fullPage: true });
      expect(existsSync(shot) && statSync(shot).size > 1000).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('exit codes', () => {
  it('0 conforms, 1 a MUST failed, 2 nothing judged', () => {
    expect(exitCodeOf([result('a.01.x', 'PASS'), result('a.02.y', 'NON_STRICT')])).toBe(0);
    expect(exitCodeOf([result('a.01.x', 'PASS'), result('a.02.y', 'FAIL', 'no')])).toBe(1);
    expect(exitCodeOf([result('a.01.x', 'SKIPPED'), result('a.02.y', 'COULD_NOT_JUDGE')])).toBe(2);
  });
});

describe('failure codes', () => {
  it('REPORTS.md holds the table of every failure code (npm run check-table -w conformance)', async () => {
    const { readFileSync } = await import('node:fs');
    const { failureCodeTable } = await import('../check-table.js');
    const reports = readFileSync(new URL('../../REPORTS.md', import.meta.url), 'utf8');
    expect(reports).toContain(failureCodeTable());
    for (const code of Object.keys(FAILURE_CODES)) expect(failureCodeTable()).toContain(`\`${code}\``);
  });
});

describe('command line', () => {
  it('reads every flag', () => {
    const options = parseCli([
      '--base-url',
      'https://staging.example.com',
      '--api-key',
      'k',
      '--second-api-key',
      'k2',
      '--ws-url',
      'wss://x',
      '--only',
      'rest,errors.01.auth-texts',
      '--exclude',
      'stream',
      '--profile',
      'smoke',
      '--reporter',
      'console,junit',
      '--out',
      'out',
      '--seed',
      '42',
      '--timeout',
      '9000',
      '--proto',
      'a.proto',
    ]);
    expect(options).toMatchObject({
      baseUrl: 'https://staging.example.com',
      only: ['rest', 'errors.01.auth-texts'],
      exclude: ['stream'],
      profile: 'smoke',
      seed: 42,
      timeoutMs: 9000,
      protoFiles: ['a.proto'],
    });
  });
  it('reads the partner flags, splitting ID:SECRET and EMAIL:PASSWORD at the first colon', () => {
    const options = parseCli([
      '--oauth-client',
      'kit:s3:cret',
      '--oauth-user',
      'ada@example.com:pa:ss',
      '--oauth-redirect-uri',
      'https://platform.example/return',
      '--oauth-scope',
      'meetings:read',
      '--integration-url',
      'https://partner.example.com',
      '--callback-url',
      'https://hook.example.com:8099/cb',
      '--callback-listen',
      '0.0.0.0:8099',
      '--webhook-secret',
      'whsec_x',
      '--partner-token',
      'T',
      '--reference-db',
      'postgres',
    ]);
    expect(options).toMatchObject({
      oauthClient: { id: 'kit', secret: 's3:cret' },
      oauthUser: { email: 'ada@example.com', password: 'pa:ss' },
      oauthRedirectUri: 'https://platform.example/return',
      oauthScope: 'meetings:read',
      integrationUrl: 'https://partner.example.com',
      callbackUrl: 'https://hook.example.com:8099/cb',
      callbackListen: '0.0.0.0:8099',
      webhookSecret: 'whsec_x',
      partnerToken: 'T',
      referenceDatabase: 'postgres',
    });
  });
  it('refuses partner flags of the wrong form', () => {
    expect(() => parseCli(['--oauth-client', 'no-colon'])).toThrow(/ID:SECRET/);
    expect(() => parseCli(['--oauth-user', 'ada@example.com:'])).toThrow(/EMAIL:PASSWORD/);
    expect(() => parseCli(['--callback-url', 'hook.example.com'])).toThrow(/callback-url/);
    expect(() => parseCli(['--reference-db', 'mysql'])).toThrow(/reference-db/);
  });
  it('refuses a bad profile or seed', () => {
    expect(() => parseCli(['--profile', 'huge'])).toThrow(/profile/);
    expect(() => parseCli(['--seed', 'x'])).toThrow(/seed/);
  });
  it('replay takes the seed, profile and base URL of the report and one check; it needs the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-replay-'));
    const report = join(dir, 'report.json');
    writeFileSync(
      report,
      JSON.stringify({ seed: 77, profile: 'smoke', baseUrl: 'https://staging.example.com' }),
    );
    expect(parseCli(['replay', report, 'rest.05.pagination-walk', '--api-key', 'K'])).toMatchObject({
      seed: 77,
      profile: 'smoke',
      baseUrl: 'https://staging.example.com',
      only: ['rest.05.pagination-walk'],
    });
    expect(
      parseCli([
        'replay',
        report,
        'rest.05.pagination-walk',
        '--api-key',
        'K',
        '--base-url',
        'http://127.0.0.1:9',
      ]).baseUrl,
    ).toBe('http://127.0.0.1:9');
    expect(() => parseCli(['replay', report, 'rest.05.pagination-walk'])).toThrow(/api-key/);
  });
  it('--help exits 0 with the usage; --timeout and --ws-url are validated', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main(['--help'])).toBe(0);
      expect(String(write.mock.calls[0]?.[0])).toContain('Usage: parley-conformance');
    } finally {
      write.mockRestore();
    }
    expect(() => parseCli(['--timeout', 'soon'])).toThrow(/timeout/);
    expect(() => parseCli(['--timeout', '5'])).toThrow(/timeout/);
    expect(() => parseCli(['--ws-url', 'http://x.example.com'])).toThrow(/ws-url/);
    expect(parseCli(['--ws-url', 'wss://x.example.com/', '--parley-choices'])).toMatchObject({
      wsUrl: 'wss://x.example.com',
      parleyChoices: true,
    });
  });
});

describe('CHECKS.md', () => {
  it('lists every check id', async () => {
    const { readFileSync } = await import('node:fs');
    const { CHECKS } = await import('../checks/index.js');
    const checks = readFileSync(new URL('../../CHECKS.md', import.meta.url), 'utf8');
    for (const check of CHECKS) expect(checks).toContain(`\`${check.id}\``);
  });
  it('holds the check table as the checks define it (npm run check-table -w conformance)', async () => {
    const { readFileSync } = await import('node:fs');
    const { checkTable } = await import('../check-table.js');
    const checks = readFileSync(new URL('../../CHECKS.md', import.meta.url), 'utf8');
    expect(checks).toContain(checkTable());
  });
});

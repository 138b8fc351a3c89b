import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main, parseCli } from './cli.js';
import { KIT_OPTIONS } from './cli-options.js';

// The command's options from its flags, its PARLEY_* variables and a --config file: flag > variable
// > file > default; a wrong value from any of them names where it came from.

const dir = mkdtempSync(join(tmpdir(), 'kit-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** `${NAME}`, a reference to a variable as a config file writes it. */
const ref = (name: string) => `\${${name}}`;
let files = 0;
const config = (text: string, ext = 'yml') => {
  const file = join(dir, `kit-${files++}.${ext}`);
  writeFileSync(file, text);
  return file;
};

describe('the options table', () => {
  it('names each variable and key after its flag; PARLEY_REPORTERS keeps the action input name', () => {
    const apiKey = KIT_OPTIONS.find((o) => o.flag === 'api-key');
    expect(apiKey).toEqual({
      flag: 'api-key',
      kind: 'string',
      env: 'PARLEY_API_KEY',
      key: 'apiKey',
      secret: true,
    });
    expect(KIT_OPTIONS.find((o) => o.flag === 'min-coverage')).toMatchObject({
      env: 'PARLEY_MIN_COVERAGE',
      key: 'minCoverage',
    });
    expect(KIT_OPTIONS.find((o) => o.flag === 'reporter')?.env).toBe('PARLEY_REPORTERS');
    // COMMAND.md's table is this one, row for row.
    const rows = [
      ...readFileSync(new URL('../COMMAND.md', import.meta.url), 'utf8').matchAll(
        /^\| `--([\w-]+)` \| `(PARLEY_\w+)` \| (?:`(\w+)` \([^)]+\))? *\| *(yes)? *\|$/gm,
      ),
    ].map(([, flag, env, key, secret]) => ({ flag, env, key, secret: secret === 'yes' }));
    expect(rows).toEqual([
      ...KIT_OPTIONS.map((o) => ({ flag: o.flag, env: o.env, key: o.key, secret: o.secret === true })),
      { flag: 'config', env: 'PARLEY_CONFIG', key: undefined, secret: false },
    ]);
    expect(KIT_OPTIONS.filter((o) => o.secret).map((o) => o.flag)).toEqual([
      'api-key',
      'second-api-key',
      'partner-token',
      'oauth-client',
      'oauth-user',
      'webhook-secret',
    ]);
  });
});

describe('options from the environment', () => {
  it('every kind: strings, lists, numbers, a boolean, files one a line; an empty variable is unset', () => {
    const options = parseCli([], {
      PARLEY_BASE_URL: 'http://h',
      PARLEY_API_KEY: 'k',
      PARLEY_OAUTH_CLIENT: 'id:s:ecret',
      PARLEY_ONLY: 'rest.01, rest.02',
      PARLEY_REPORTERS: 'json,github',
      PARLEY_RETRIES: '2',
      PARLEY_PARLEY_CHOICES: 'true',
      PARLEY_PROTO: 'a.proto\nb.proto  c.proto\n',
      PARLEY_SECOND_API_KEY: '',
    });
    expect(options).toMatchObject({
      baseUrl: 'http://h',
      apiKey: 'k',
      oauthClient: { id: 'id', secret: 's:ecret' },
      only: ['rest.01', 'rest.02'],
      reporters: ['json', 'github'],
      retries: 2,
      parleyChoices: true,
      protoFiles: ['a.proto', 'b.proto', 'c.proto'],
    });
    expect(options.secondApiKey).toBeUndefined();
    expect(parseCli([], { PARLEY_PARLEY_CHOICES: 'false' }).parleyChoices).toBeUndefined();
    // The action's proto input left empty is a blank line, not a file.
    expect(parseCli([], { PARLEY_PROTO: '\n' }).protoFiles).toBeUndefined();
  });

  it('a wrong value names its variable', () => {
    expect(() => parseCli([], { PARLEY_RETRIES: 'x' })).toThrow(
      /^PARLEY_RETRIES must be an integer from 0 to 5/,
    );
    expect(() => parseCli([], { PARLEY_PARLEY_CHOICES: 'yes' })).toThrow(
      /PARLEY_PARLEY_CHOICES must be true or false/,
    );
    expect(() => parseCli([], { PARLEY_OAUTH_USER: 'nobody' })).toThrow(
      /PARLEY_OAUTH_USER: expected the form EMAIL:PASSWORD/,
    );
    expect(() => parseCli([], { PARLEY_REPORTERS: 'gitlab' })).toThrow(
      /unknown reporter gitlab \(PARLEY_REPORTERS\)/,
    );
  });
});

describe('options from --config', () => {
  it('YAML and JSON, keys in camelCase, arrays for the repeated flag and the lists, variables expanded', () => {
    const env = { STAGING_KEY: 'from-the-job', CLIENT_SECRET: 's' };
    const yaml = config(
      [
        'baseUrl: https://staging.example.com',
        `apiKey: ${ref('STAGING_KEY')}`,
        `oauthClient: client:${ref('CLIENT_SECRET')}`,
        'proto: [a.proto, b.proto]',
        'only: [rest, errors]',
        'timeout: 30000',
        'parleyChoices: true',
        'oauthScope: cost $$5',
      ].join('\n'),
    );
    const json = config(
      JSON.stringify({ baseUrl: 'http://h', apiKey: ref('STAGING_KEY'), minCoverage: 80 }),
      'json',
    );
    expect(parseCli(['--config', yaml], env)).toMatchObject({
      baseUrl: 'https://staging.example.com',
      apiKey: 'from-the-job',
      oauthClient: { id: 'client', secret: 's' },
      protoFiles: ['a.proto', 'b.proto'],
      only: ['rest', 'errors'],
      timeoutMs: 30000,
      parleyChoices: true,
      oauthScope: 'cost $5',
    });
    expect(parseCli([], { ...env, PARLEY_CONFIG: json })).toMatchObject({
      apiKey: 'from-the-job',
      minCoverage: 80,
    });
  });

  it('flag > variable > file > default', () => {
    const file = config('baseUrl: http://file\napiKey: file-key\nprofile: smoke\nseed: 7\n');
    const env = { PARLEY_API_KEY: 'env-key', PARLEY_PROFILE: 'full' };
    expect(parseCli(['--config', file, '--base-url', 'http://flag'], env)).toMatchObject({
      baseUrl: 'http://flag',
      apiKey: 'env-key',
      profile: 'full',
      seed: 7,
    });
    expect(parseCli(['--config', file], {})).toMatchObject({ apiKey: 'file-key', profile: 'smoke' });
    expect(parseCli([], {}).profile).toBe('full');
    // --config beats PARLEY_CONFIG like any flag its variable.
    expect(parseCli(['--config', file], { PARLEY_CONFIG: join(dir, 'none.yml') }).apiKey).toBe('file-key');
  });

  it('an unknown key, a wrong type, an unset variable, a broken file: a sentence naming it', () => {
    const cases: [string, RegExp][] = [
      [
        'apikey: k',
        /unknown key apikey \(did you mean apiKey\?\); the keys are the long flags in camelCase: baseUrl, apiKey/,
      ],
      ['api-key: k', /unknown key api-key \(did you mean apiKey\?\)/],
      ['config: other.yml', /unknown key config;/],
      ['verbose: true', /unknown key verbose;/],
      ['transcriptMeetingId: 42', /transcriptMeetingId in .+ must be a string \(quote it\), not a number/],
      ['proto: a.proto', /proto in .+ must be an array of strings \(the flag repeats\), not a string/],
      ['proto: [a.proto, 3]', /proto in .+\[1\] must be a string, not a number/],
      ['parleyChoices: "yes"', /parleyChoices in .+ must be true or false, not a string/],
      ['retries: [1]', /retries in .+ must be a number, not an array/],
      ['apiKey:', /apiKey in .+ must be a string, not null/],
      [`apiKey: ${ref('NOT_SET_ANYWHERE')}`, /apiKey in .+ names \$\{NOT_SET_ANYWHERE\}, which is not set/],
      ['retries: 9', /retries in .+kit-\d+\.yml must be an integer from 0 to 5, not 9/],
      ['- apiKey', /must be a mapping of options/],
      ['apiKey: [unclosed', /is neither JSON nor YAML/],
    ];
    for (const [text, message] of cases)
      expect(() => parseCli(['--config', config(text)], {}), text).toThrow(message);
    expect(() => parseCli(['--config', join(dir, 'missing.yml')], {})).toThrow(
      /--config .+missing\.yml cannot be read/,
    );
  });

  it('--help prints the usage even with a broken file', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main(['--help', '--config', config('apiKye: k')])).toBe(0);
      expect(String(out.mock.calls[0]?.[0])).toMatch(/^Usage: parley-conformance/);
    } finally {
      out.mockRestore();
    }
  });

  it('exit 2 with the sentence on stderr', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['--config', config('apiKye: k')])).toBe(2);
      expect(String(err.mock.calls[0]?.[0])).toMatch(/^parley-conformance: --config .+: unknown key apiKye/);
    } finally {
      err.mockRestore();
    }
  });
});

describe('replay', () => {
  it('reads the key from the same sources as a run', () => {
    const report = join(dir, 'report.json');
    writeFileSync(report, JSON.stringify({ baseUrl: 'http://staging', seed: 5, profile: 'smoke' }));
    expect(parseCli(['replay', report, 'rest.05'], { PARLEY_API_KEY: 'k' })).toMatchObject({
      apiKey: 'k',
      baseUrl: 'http://staging',
      only: ['rest.05'],
      seed: 5,
    });
    expect(parseCli(['replay', report, 'rest.05', '--config', config('apiKey: f')], {}).apiKey).toBe('f');
    expect(() => parseCli(['replay', report, 'rest.05'], {})).toThrow(
      /replay against http:\/\/staging needs the key: PARLEY_API_KEY, --config or --api-key/,
    );
  });
});

// Requests outside Zaps: Zapier's SDK and MCP send a user's own requests through the app's
// requestTemplate and beforeRequest. These run the two commands `zapier-platform invoke auth template`
// and `invoke auth render` run (core's getAuthTemplate and renderAuthTemplate, through the app handler
// the CLI builds), offline: the template must carry the bearer, and a rendered request must carry it to
// the service's roots only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import zapier from 'zapier-platform-core';
import { urls } from '../service.client.js';
import { ACCESS_TOKEN, App, authData, BASE_URL } from './app.test-support.js';

interface TemplateResult {
  supported?: boolean;
  reason?: string;
  source?: string;
  error?: string;
  template?: { headers?: Record<string, string>; params?: Record<string, string> };
}

/** What `zapier-platform invoke auth <command>` gets back from the local app handler. */
async function invokeAuth(
  app: typeof App,
  command: 'getAuthTemplate' | 'renderAuthTemplate',
  bundle: object,
): Promise<TemplateResult> {
  // The handler the CLI's localAppCommand calls (core exports it; its types do not declare it).
  const { createAppHandler } = zapier as unknown as {
    createAppHandler: (app: object) => (event: object) => Promise<{ results: TemplateResult }>;
  };
  const handler = createAppHandler(app);
  const { results } = await handler({ command, bundle, calledFromCli: true, calledFromCliInvoke: true });
  return results;
}

const render = (url: string, app = App) =>
  invokeAuth(app, 'renderAuthTemplate', { authData, targetRequest: { url, method: 'GET' } });

const bearer = `Bearer ${ACCESS_TOKEN}`;

describe('requests outside Zaps (invoke auth template | render)', () => {
  // The published configuration: no PARLEY_* set, as on the platform before env:set.
  let saved: NodeJS.ProcessEnv;
  beforeEach(() => {
    saved = process.env;
    process.env = { ...saved };
    for (const name of ['PARLEY_BASE_URL', 'PARLEY_INTEGRATION_URL', 'PARLEY_PARTNER_SEGMENT'])
      delete process.env[name];
  });
  afterEach(() => {
    process.env = saved;
  });

  it('the template is supported and carries the bearer as a placeholder', async () => {
    const result = await invokeAuth(App, 'getAuthTemplate', {});
    expect(result).toMatchObject({ supported: true, source: 'authentication.test' });
    expect(result.template?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer {{bundle.authData.access_token}}',
    });
    expect(result.template?.params).toBeUndefined();
  });

  it('a request to either service root carries the bearer', async () => {
    for (const url of [urls.rest('get-meetings'), urls.partner('/me')]) {
      expect((await render(url)).template?.headers?.Authorization, url).toBe(bearer);
    }
    process.env.PARLEY_BASE_URL = BASE_URL;
    expect((await render(`${BASE_URL}/v1/get-meetings`)).template?.headers?.Authorization).toBe(bearer);
  });

  it('a request anywhere else, or to the token endpoint, carries no bearer', async () => {
    for (const url of [
      'https://files.example.com/recording.wav',
      'https://api.parley.dev.attacker.example/v1/get-meetings',
      'https://api.parley.devious.example/',
      'http://api.parley.dev/v1/get-meetings',
      urls.token(),
    ]) {
      const { template } = await render(url);
      expect(template?.headers?.Authorization, url).toBeUndefined();
      expect(JSON.stringify(template), url).not.toContain(ACCESS_TOKEN);
    }
  });

  it('fails on a seeded app whose requestTemplate sends the bearer to every host', async () => {
    const leaky = {
      ...App,
      requestTemplate: { headers: { Authorization: 'Bearer {{bundle.authData.access_token}}' } },
    };
    const { template } = await render('https://files.example.com/recording.wav', leaky);
    expect(template?.headers?.Authorization).toBe(bearer);
  });

  it('fails on a seeded app whose beforeRequest adds no bearer', async () => {
    const bare = { ...App, beforeRequest: [] };
    const result = await invokeAuth(bare, 'getAuthTemplate', {});
    expect(result.template?.headers?.Authorization).toBeUndefined();
  });
});

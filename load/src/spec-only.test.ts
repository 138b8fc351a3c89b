import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVariantProxy } from '@parley/conformance/testing/variant-proxy';
import type { RouteSpec } from '@parley/schemas/route-spec';
import { allRoutes } from '@parley/schemas/routes';
import * as serverRoutes from '@parley/schemas/server-routes';
import { startTestServer, type TestServer } from '@parley/server/test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_ONLY_MATRIX, variantOf } from '../test-support/variant-matrix.js';
import { TRIGGER_ROUTES } from './routes.js';

// No script needs a Parley extension: on `spec-only` (the kit's variant of the service as the spec
// shows it and no more: no hook subscriptions, no token revocation, no callback_url on /v1/stt, no
// meeting links) every route a script calls is served as on Parley's own server, and no script
// sends or reads the extension fields spec-only drops.

const LOAD = fileURLToPath(new URL('../', import.meta.url));
/** The k6 scripts and what they import of load/: every file a bundle is made of. */
const SCRIPT_FILES = ['k6', 'src']
  .flatMap((dir) =>
    readdirSync(join(LOAD, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(LOAD, dir, f)),
  )
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
const sources = SCRIPT_FILES.map((f) => readFileSync(f, 'utf8')).join('\n');

/** The catalog routes the scripts name (every request is made by route name), and the triggers partner-poll polls. */
const SCRIPT_ROUTES = allRoutes.filter(
  (r) => sources.includes(`'${r.name}'`) || TRIGGER_ROUTES.includes(r.name),
);

/** The reference server's routes outside the spec (hooks, revocation, pages, the emulator…). */
const NOT_SPEC: readonly RouteSpec[] = Object.values(serverRoutes).flat() as RouteSpec[];

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.user('Spec only')).key;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The status `base` answers a plain request to `path` with: the route's own refusal, or a 404 where it has none. */
async function status(base: string, method: string, path: string): Promise<number> {
  const response = await fetch(`${base}${path.replace(':id', 'x')}`, {
    method,
    headers: { 'x-api-key': key, authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
    ...(method === 'GET' ? {} : { body: '{}' }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

describe('the scripts on a deployment without Parley extensions (spec-only)', () => {
  const specOnly = () => variantOf(SPEC_ONLY_MATRIX[0]);

  it("calls only the spec's routes (routePath knows no other), and names none of Parley's own", () => {
    const names = SCRIPT_ROUTES.map((r) => r.name);
    for (const name of [
      'create-meeting',
      'get-meetings',
      'stt',
      'tts',
      'denoise',
      'partner-meeting',
      'health',
    ])
      expect(names).toContain(name);
    expect(NOT_SPEC.map((r) => r.name)).toContain('partner-hook-subscribe');
    expect(NOT_SPEC.filter((r) => sources.includes(`'${r.name}'`)).map((r) => r.name)).toEqual([]);
  });

  it('serves every route a script calls as Parley does, and tells apart one it does not serve', async () => {
    const proxy = await startVariantProxy({ baseUrl: server.url, wsUrl: server.wsUrl }, specOnly());
    try {
      const differ: string[] = [];
      for (const route of SCRIPT_ROUTES) {
        const [own, spec] = [
          await status(server.url, route.method, route.path),
          await status(proxy.baseUrl, route.method, route.path),
        ];
        if (own !== spec) differ.push(`${route.name}: ${own} on Parley, ${spec} on spec-only`);
      }
      expect(differ).toEqual([]);
      // The same comparison sees an extension: token revocation, which spec-only does not serve.
      const revoke = NOT_SPEC.find((r) => r.name === 'partner-revoke')?.path ?? '';
      expect(await status(proxy.baseUrl, 'POST', revoke)).toBe(404);
      expect(await status(server.url, 'POST', revoke)).not.toBe(404);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('sends and reads none of the extension fields spec-only drops', () => {
    for (const field of ['callback_url', 'meeting_url', '/hooks', 'revoke'])
      expect(sources).not.toContain(field);
  });
});

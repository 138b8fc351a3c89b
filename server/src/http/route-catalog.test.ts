import { readFileSync } from 'node:fs';
import { openapiPath } from '@parley/schemas/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { connect, registerClient, setPassword } from '../../test-support/partner-oauth.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { allRoutes, ErrorText, partnerPath } from '../core/contracts.js';
import { SERVED_CATALOG } from './route-kit.js';
import { UNSERVED_ROUTES } from './unserved-routes.js';

// Every catalog route (the spec's and the server's own) is served or listed as not served yet, with
// its catalog Cache-Control (or none) on every answer, and the served OpenAPI document and the
// server agree on which JSON bodies may be omitted.

interface Operation {
  requestBody?: { required?: boolean };
}
const openapi = parse(readFileSync(openapiPath, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operationOf = (path: string, method: string): Operation => {
  const operation = openapi.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) throw new Error(`openapi.yaml has no ${method} ${path}`);
  return operation;
};

let server: TestServer;
let user: TestUser;
/** A partner access token holding every scope, for the `partner-bearer` routes. */
let accessToken: string;
beforeAll(async () => {
  server = await startTestServer();
  user = await server.user('Catalog');
  await registerClient(server);
  await setPassword(server, user);
  accessToken = (await connect(server, user, 'meetings:read meetings:write documents:write')).access;
}, 60_000);
afterAll(() => server?.close());

describe('route catalog', () => {
  it('/health reports exactly the routes not served yet', async () => {
    const health = await server.get<{ routes_not_served: string[] }>('/health');
    expect(health.body.routes_not_served).toEqual([...UNSERVED_ROUTES]);
    expect(UNSERVED_ROUTES.every((name) => allRoutes.some((r) => r.name === name))).toBe(true);
  });

  // The live stream's upgrade route is checked by routes/docs/pages.routes.test.ts.
  const httpRoutes = SERVED_CATALOG.filter(
    (r) => r.answer !== 'websocket' && !UNSERVED_ROUTES.includes(r.name),
  );
  it.each(httpRoutes.map((r) => [r.name, r] as const))(
    '%s is mounted, with its Cache-Control',
    async (_name, route) => {
      const path = partnerPath(route.path, 'partner')
        .replace(/:(\w+)/g, 'no-such-$1')
        .replace(/\*(\w+)$/, 'no-such-$1');
      const reply = await fetch(`${server.url}${path}`, { method: route.method, redirect: 'manual' });
      const body = (await reply.json().catch(() => ({}))) as { error?: string };
      // The request handler answers 404 "Route <method> <path> not found" for a path no route holds.
      expect(body.error ?? '').not.toMatch(/^Route /);
      // An answer without credentials or body (401, 404, 422...) carries the route's header too.
      const cacheControl = 'cacheControl' in route ? route.cacheControl : null;
      expect(reply.headers.get('cache-control'), `${reply.status}`).toBe(cacheControl);
    },
  );

  it('sends the catalog Cache-Control on 200 answers: partner data, a session, a packaged file', async () => {
    const bearer = { Authorization: `Bearer ${accessToken}` };
    for (const [path, headers, expected] of [
      ['/api/partner/me', bearer, 'no-store'],
      ['/api/partner/triggers/meeting-ended', bearer, 'no-store'],
      ['/docs/session.json', {}, 'no-store'],
      ['/docs/swagger-ui.css', {}, 'public, max-age=0'],
      ['/openapi.yaml', {}, null],
    ] as const) {
      const reply = await fetch(`${server.url}${path}`, { headers });
      await reply.arrayBuffer();
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('cache-control'), path).toBe(expected);
    }
    const meetings = await server.call('get-meetings', user.key);
    expect(meetings.status).toBe(200);
    expect(meetings.headers.get('cache-control')).toBeNull();
  });

  const served = allRoutes.filter((route) => !UNSERVED_ROUTES.includes(route.name));

  const jsonRoutes = served.filter((route) => route.body === 'json');
  it.each(jsonRoutes.map((r) => [r.name, r] as const))(
    '%s answers an empty body as openapi.yaml requestBody.required says',
    async (_name, route) => {
      const required = operationOf(route.path, route.method).requestBody?.required === true;
      const reply = await fetch(`${server.url}${route.path}`, {
        method: route.method,
        headers: {
          ...(route.auth === 'partner-bearer'
            ? { Authorization: `Bearer ${accessToken}` }
            : { 'X-API-Key': user.key }),
          'Content-Type': 'application/json',
        },
      });
      const body = (await reply.json()) as { error?: string };
      if (required) {
        expect(reply.status).toBe(400);
        expect(body.error).toBe(ErrorText.emptyBody);
      } else {
        expect(body.error).not.toBe(ErrorText.emptyBody);
        expect(reply.status).not.toBe(415);
      }
    },
  );
});

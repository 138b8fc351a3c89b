import { describe, expect, it } from 'vitest';
import { partnerPath, type RouteSpec } from './route-spec.js';
import { allRoutes, partnerRoutes, restRoutes } from './routes.js';
import { fileRoutes, oauthPageRoutes, pageRoutes, partnerHookRoutes } from './server-routes.js';

describe('route catalog', () => {
  it('names every route once and every method+path once', () => {
    const names = allRoutes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses POST with an API key for every meeting REST route, as the spec states', () => {
    for (const r of restRoutes) {
      expect(r.method).toBe('POST');
      expect(r.auth).toBe('api-key');
      expect(r.path.startsWith('/v1/')).toBe(true);
    }
  });

  it('puts trigger routes on GET under the partner segment', () => {
    const triggers = partnerRoutes.filter((r) => r.name.startsWith('trigger-'));
    expect(triggers).toHaveLength(4);
    for (const t of triggers) expect(t.method).toBe('GET');
  });

  it('rewrites only the partner segment for a deployment with the real platform name', () => {
    expect(partnerPath('/api/partner/triggers/meeting-ended', 'zapier')).toBe(
      '/api/zapier/triggers/meeting-ended',
    );
    expect(partnerPath('/oauth/partner/authorize', 'zapier')).toBe('/oauth/zapier/authorize');
    expect(partnerPath('/api/oauth/partner/token', 'zapier')).toBe('/api/oauth/zapier/token');
    expect(partnerPath('/v1/partnership', 'zapier')).toBe('/v1/partnership');
  });

  // Cache-Control policy (schemas/README.md "Cache-Control"): what each entry must say. The server
  // sends exactly the entry's value (server route-catalog.test.ts).
  const everyRoute: readonly RouteSpec[] = [
    ...allRoutes,
    ...pageRoutes,
    ...fileRoutes,
    ...oauthPageRoutes,
    ...partnerHookRoutes,
  ];
  const cacheOf = (name: string) => everyRoute.find((r) => r.name === name)?.cacheControl;

  it('keeps token answers out of caches, as RFC 6749 §5.1 requires of the OAuth flow the spec names', () => {
    expect(cacheOf('partner-token')).toBe('no-store');
    expect(cacheOf('partner-revoke')).toBe('no-store');
  });

  it("keeps a user's or a session's answers out of caches: partner routes, OAuth pages, the docs session", () => {
    const personal = everyRoute.filter(
      (r) => r.auth === 'partner-bearer' || r.auth === 'session' || r.group === 'oauth',
    );
    expect(personal.length).toBeGreaterThan(10);
    for (const route of personal) expect(route.cacheControl, route.name).toBe('no-store');
    expect(cacheOf('docs-session')).toBe('no-store');
  });

  it('lets only files be cached: a signed file privately for a minute, packaged files revalidated', () => {
    for (const route of everyRoute.filter((r) => r.cacheControl && r.cacheControl !== 'no-store')) {
      expect(route.answer, route.name).toBe('file');
    }
    expect(cacheOf('file-download')).toBe('private, max-age=60');
    for (const route of everyRoute.filter((r) => r.answer === 'file' && r.auth === 'none')) {
      expect(route.cacheControl, route.name).toBe('public, max-age=0');
    }
  });

  it('leaves the meeting REST routes without Cache-Control, where the spec is silent', () => {
    for (const route of restRoutes) expect(cacheOf(route.name), route.name).toBeUndefined();
  });
});

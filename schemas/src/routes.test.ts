import { describe, expect, it } from 'vitest';
import { partnerPath } from './route-spec.js';
import { allRoutes, partnerRoutes, restRoutes } from './routes.js';

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
});

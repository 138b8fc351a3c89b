import { describe, expect, it } from 'vitest';
import { pathOf, RouteTable } from './route-table.js';

const serve = () => {};

describe('route table', () => {
  const table = new RouteTable();
  table.add({ method: 'POST', path: '/v1/get-meetings', serve });
  table.add({ method: 'GET', path: '/health', serve });
  table.add({ method: 'GET', path: '/api/partner/meetings/:id', serve });

  it('matches as Express does: any case, optional trailing slash, HEAD by the GET route', () => {
    expect(table.match('POST', '/v1/get-meetings')?.route.path).toBe('/v1/get-meetings');
    expect(table.match('POST', '/V1/Get-Meetings/')?.route.path).toBe('/v1/get-meetings');
    expect(table.match('HEAD', '/health')?.route.path).toBe('/health');
  });

  it('misses other methods and paths', () => {
    expect(table.match('GET', '/v1/get-meetings')).toBeUndefined();
    expect(table.match('HEAD', '/v1/get-meetings')).toBeUndefined();
    expect(table.match('POST', '/v1/get-meetings//')).toBeUndefined();
    expect(table.match('POST', '/v1/get-meeting')).toBeUndefined();
  });

  it('matches a path with a parameter and hands its decoded value over', () => {
    const match = table.match('GET', '/api/partner/meetings/m%201/');
    expect(match?.route.path).toBe('/api/partner/meetings/:id');
    expect(match?.params).toEqual({ id: 'm 1' });
    expect(table.match('GET', '/api/partner/meetings/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(table.match('GET', '/api/partner/meetings/a/b')).toBeUndefined();
    expect(table.match('POST', '/api/partner/meetings/m1')).toBeUndefined();
  });

  it('matches a `*rest` path last, longest first, and hands the rest over as sent', () => {
    const files = new RouteTable();
    files.add({ method: 'GET', path: '/docs/*file', serve });
    files.add({ method: 'GET', path: '/docs/asyncapi/browser/*file', serve });
    files.add({ method: 'GET', path: '/docs/json/:file', serve });
    files.add({ method: 'GET', path: '/docs/session.json', serve });
    expect(files.match('GET', '/docs/session.json')?.route.path).toBe('/docs/session.json');
    expect(files.match('GET', '/docs/json/a.schema.json')?.params).toEqual({ file: 'a.schema.json' });
    expect(files.match('GET', '/docs/json/a/b')?.params).toEqual({ file: 'json/a/b' });
    expect(files.match('GET', '/docs/asyncapi/browser/index.js')?.params).toEqual({ file: 'index.js' });
    expect(files.match('GET', '/docs/Swagger%20UI.css')?.params).toEqual({ file: 'Swagger%20UI.css' });
    expect(files.match('GET', '/docs/')).toBeUndefined();
    expect(() => files.add({ method: 'GET', path: '/DOCS/*file', serve })).toThrow(/mounted twice/);
  });

  it('refuses a route mounted twice', () => {
    expect(() => table.add({ method: 'POST', path: '/V1/get-meetings', serve })).toThrow(/mounted twice/);
    expect(() => table.add({ method: 'GET', path: '/api/partner/meetings/:id', serve })).toThrow(
      /mounted twice/,
    );
  });

  it('reads the path of a request target without its query', () => {
    expect(pathOf('/v1/stt?api_key=k&x=1')).toBe('/v1/stt');
    expect(pathOf('/health')).toBe('/health');
    expect(pathOf(undefined)).toBe('/');
  });
});

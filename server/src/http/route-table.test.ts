import { describe, expect, it } from 'vitest';
import { pathOf, RouteTable } from './route-table.js';

const serve = () => {};

describe('route table', () => {
  const table = new RouteTable();
  table.add({ method: 'POST', path: '/v1/get-meetings', serve });
  table.add({ method: 'GET', path: '/health', serve });

  it('matches as Express does: any case, optional trailing slash, HEAD by the GET route', () => {
    expect(table.match('POST', '/v1/get-meetings')?.path).toBe('/v1/get-meetings');
    expect(table.match('POST', '/V1/Get-Meetings/')?.path).toBe('/v1/get-meetings');
    expect(table.match('HEAD', '/health')?.path).toBe('/health');
  });

  it('misses other methods and paths', () => {
    expect(table.match('GET', '/v1/get-meetings')).toBeUndefined();
    expect(table.match('HEAD', '/v1/get-meetings')).toBeUndefined();
    expect(table.match('POST', '/v1/get-meetings//')).toBeUndefined();
    expect(table.match('POST', '/v1/get-meeting')).toBeUndefined();
  });

  it('refuses a route mounted twice and a path with a parameter', () => {
    expect(() => table.add({ method: 'POST', path: '/V1/get-meetings', serve })).toThrow(/mounted twice/);
    expect(() => table.add({ method: 'GET', path: '/api/partner/meetings/:id', serve })).toThrow(/parameter/);
  });

  it('reads the path of a request target without its query', () => {
    expect(pathOf('/v1/stt?api_key=k&x=1')).toBe('/v1/stt');
    expect(pathOf('/health')).toBe('/health');
    expect(pathOf(undefined)).toBe('/');
  });
});

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type DocsPagesDeps, sessionOf } from './docs-pages.routes.js';

// /docs/session.json hands the demo key only to a browser on the server's own machine talking to
// it directly: not to a DNS-rebinding page (its own name in Host), not through a proxy.

const deps: DocsPagesDeps = { host: '127.0.0.1', allowPrivateUrls: false, demoApiKey: 'prl_demo_key' };
const request = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
const keyFor = (headers: Record<string, string>, remoteAddress?: string, listen = deps) =>
  sessionOf(request(headers, remoteAddress), listen).demo_api_key;

describe('demo key of /docs/session.json', () => {
  it('is given to a loopback browser that names the server by a loopback name', () => {
    expect(keyFor({ host: '127.0.0.1:8080' })).toBe('prl_demo_key');
    expect(keyFor({ host: 'localhost:8080' })).toBe('prl_demo_key');
    expect(keyFor({ host: '[::1]:8080' }, '::1')).toBe('prl_demo_key');
  });

  it('is refused to any other Host (DNS rebinding)', () => {
    for (const host of ['evil.example', 'evil.example:8080', '127.0.0.1.evil.example', 'localhost.evil', ''])
      expect(keyFor({ host }), host).toBeUndefined();
  });

  it('is refused through a proxy, to a remote peer, and on a server not listening on loopback', () => {
    for (const name of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-host'])
      expect(keyFor({ host: '127.0.0.1:8080', [name]: '203.0.113.9' }), name).toBeUndefined();
    expect(keyFor({ host: '127.0.0.1:8080' }, '203.0.113.9')).toBeUndefined();
    expect(keyFor({ host: '127.0.0.1:8080' }, '127.0.0.1', { ...deps, host: '0.0.0.0' })).toBeUndefined();
  });
});

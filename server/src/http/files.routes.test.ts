import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkKey } from '../files/file-store.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('signed file URLs', () => {
  it('serves a saved file through its signed URL with its content type', async () => {
    const url = await server.files.save('tts/session-1/msg-1.ogg', Buffer.from('OggS-bytes'), 60);
    expect(url.startsWith(`${server.url}/files/tts/session-1/msg-1.ogg?expires=`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    expect(await response.text()).toBe('OggS-bytes');
  });

  it('refuses a tampered signature, a changed path or expiry, and an expired URL (403)', async () => {
    const url = new URL(await server.files.save('a/b.m4a', Buffer.from('x'), 60));
    const tampered = new URL(url);
    // One character changed, always to a different one (a fixed replacement equals it 1 time in 64).
    const signature = url.searchParams.get('signature') ?? '';
    tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    const otherPath = new URL(url);
    otherPath.pathname = '/files/a/c.m4a';
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1000));
    for (const bad of [tampered, otherPath, later]) {
      const response = await fetch(bad);
      expect(response.status, bad.toString()).toBe(403);
    }
    const expired = new URL(await server.files.save('a/old.m4a', Buffer.from('x'), -1));
    expect((await fetch(expired)).status).toBe(403);
  });

  it('a valid signature for a file that does not exist is a 404', async () => {
    expect((await fetch(server.files.signedUrl('nope/missing.ogg', 60))).status).toBe(404);
  });

  it('refuses keys that could leave the files directory', () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) expect(() => checkKey(key)).toThrow();
  });
});

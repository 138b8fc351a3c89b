import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { checkKey, FileStore } from '../../files/file-store.js';

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

  it('serves files from a data directory under a dot folder, as `npm start` keeps them in <repo>/.data', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'parley-dot-'));
    const dotted = await startTestServer({ env: { PARLEY_DATA_DIR: join(parent, '.data') } });
    try {
      const response = await fetch(await dotted.files.save('tts/u/first/hello.ogg', Buffer.from('OggS'), 60));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('OggS');
    } finally {
      await dotted.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a valid signature for a file that does not exist is a 404', async () => {
    // The test server keeps its files in a local directory (no PARLEY_S3_BUCKET).
    if (!(server.files instanceof FileStore)) throw new Error('the test server stores files locally');
    expect((await fetch(server.files.signedUrl('nope/missing.ogg', 60))).status).toBe(404);
  });

  it('answers byte ranges, HEAD and revalidation as a file server does', async () => {
    const url = await server.files.save('tts/s/ranged.wav', Buffer.from('0123456789'), 60);
    const part = await fetch(url, { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const past = await fetch(url, { headers: { Range: 'bytes=50-60' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(head.headers.get('cache-control')).toBe('private, max-age=60');
    const etag = head.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    // node:http, since fetch adds Cache-Control: no-cache to a conditional request (Fetch standard).
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get(url, { headers: { 'If-None-Match': etag } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('a path with no signature is refused before the file is looked for (403 api-error)', async () => {
    const response = await fetch(`${server.url}/files/tts/s/ranged.wav`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('refuses keys that could leave the files directory', () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/../b', '']) expect(() => checkKey(key)).toThrow();
  });
});

import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient } from '../../net/outbound-client.js';
import {
  OutboundBlockedError,
  OutboundContentError,
  OutboundTooLargeError,
  OutboundUpstreamError,
} from '../../net/outbound-errors.js';
import { type FetchAudioOptions, fetchAudioToFile, isAcceptableAudioType } from './fetch-audio.js';
import { withTempDir } from './temp-dir.js';

let server: http.Server;
let base: string;
const client = createOutboundClient({ allow: ['127.0.0.1'] });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const routes: Record<string, () => void> = {
      '/a.ogg': () =>
        res.writeHead(200, { 'content-type': 'audio/ogg' }).end(Buffer.from('OggS-audio-bytes')),
      '/a.bin': () =>
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from('xyz')),
      '/page': () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html></html>'),
      '/empty': () => res.writeHead(200, { 'content-type': 'audio/wav' }).end(),
      '/gone': () => res.writeHead(404).end('not found'),
      '/moved': () => res.writeHead(301, { location: '/a.ogg' }).end(),
      '/huge': () =>
        res
          .writeHead(200, { 'content-type': 'audio/wav', 'content-length': '999999' })
          .end(Buffer.alloc(999_999)),
    };
    (routes[req.url ?? ''] ?? routes['/gone'])?.();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The download as the speech services make it (to a temp file), read back to look at. */
const fetchAudio = (from: typeof client, url: string, options: FetchAudioOptions = {}) =>
  withTempDir(async (dir) => {
    const file = `${dir}/input`;
    const fetched = await fetchAudioToFile(from, url, file, options);
    return { ...fetched, bytes: await readFile(file) };
  });

describe('fetchAudio', () => {
  it('downloads audio, following redirects', async () => {
    const audio = await fetchAudio(client, `${base}/moved`);
    expect(audio.bytes.toString()).toBe('OggS-audio-bytes');
    expect(audio.contentType).toBe('audio/ogg');
    expect(audio.url).toBe(`${base}/a.ogg`);
    expect((await fetchAudio(client, `${base}/a.bin`)).bytes.length).toBe(3);
  });

  it('refuses a web page as not audio (415)', async () => {
    const error = await fetchAudio(client, `${base}/page`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundContentError);
    expect((error as OutboundContentError).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an empty body', async () => {
    await expect(fetchAudio(client, `${base}/empty`)).rejects.toBeInstanceOf(OutboundContentError);
  });

  it('reports the upstream status of a failed download (502)', async () => {
    const error = await fetchAudio(client, `${base}/gone`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundUpstreamError);
    expect((error as OutboundUpstreamError).status).toBe(404);
    expect((error as OutboundUpstreamError).code).toBe('UPSTREAM_FAILED');
  });

  it('stops at the size limit (413)', async () => {
    const error = await fetchAudio(client, `${base}/huge`, { maxBytes: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundTooLargeError);
    expect((error as OutboundTooLargeError).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never fetches from the server’s own network by default (400)', async () => {
    const error = await fetchAudio(createOutboundClient(), `${base}/a.ogg`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundBlockedError);
    expect((error as OutboundBlockedError).code).toBe('BAD_REQUEST');
  });

  it.each([
    ['audio/mpeg', true],
    ['video/webm', true],
    ['application/ogg', true],
    [undefined, true],
    ['application/json', false],
    ['text/plain', false],
    ['image/png', false],
  ])('content type %s acceptable: %s', (type, ok) => {
    expect(isAcceptableAudioType(type)).toBe(ok);
  });
});

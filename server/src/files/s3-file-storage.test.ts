import { SignedUrlTtl } from '@parley/schemas/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3TestServer } from '../../test-support/s3-test-server.js';
import { loadConfig } from '../core/config.js';
import { S3FileStorage } from './s3-file-storage.js';

// The S3 file storage against a real S3-compatible server (s3rver on 127.0.0.1): the URL save()
// answers downloads the bytes with their content type, for the route's lifetime and no longer.
// s3rver checks a presigned URL's expiry but not its SigV4 signature, so that a changed URL is
// refused is the bucket service's part and is not tested here.

let s3: S3TestServer;
let storage: S3FileStorage;

beforeAll(async () => {
  s3 = await startS3TestServer();
  const config = loadConfig({ PARLEY_DATA_DIR: '/nonexistent', ...s3.env });
  storage = new S3FileStorage({ ...config, s3Bucket: s3.bucket });
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

describe('S3 file storage', () => {
  it('answers a presigned URL of the bucket that downloads the file, for its lifetime', async () => {
    const bytes = new Uint8Array([79, 103, 103, 83, 0, 2, 1, 2, 3]);
    const url = await storage.save('tts/usr_1/ses_1/msg_1.ogg', bytes, SignedUrlTtl.tts);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(s3.endpoint);
    expect(parsed.pathname).toBe(`/${s3.bucket}/tts/usr_1/ses_1/msg_1.ogg`);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(SignedUrlTtl.tts));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers a URL that the bucket refuses past its lifetime', async () => {
    // SigV4 dates a URL to the whole second, so a lifetime of n s leaves n−1 to n s: 1 s was spent
    // before the first download on a loaded machine (a 403 seen); 3 s leaves at least 2.
    const url = await storage.save('denoise/usr_1/a.m4a', new Uint8Array([1, 2, 3]), 3);
    expect((await fetch(url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4_100));
    expect((await fetch(url)).status).toBe(403);
  });

  it('refuses a key that climbs out of its folder before anything is sent', async () => {
    await expect(storage.save('../etc/passwd', new Uint8Array([1]), 60)).rejects.toThrow(/invalid file key/);
  });
});

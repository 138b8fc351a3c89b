import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// An S3-compatible server (s3rver, from npm: it keeps objects in a directory and checks SigV4
// signatures, presigned URLs included) on 127.0.0.1, for tests of the S3 file storage. Its one
// account is S3RVER / S3RVER.

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The server's PARLEY_S3_* variables. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3TestServer(bucket = 'parley-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'parley-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      PARLEY_S3_BUCKET: bucket,
      PARLEY_S3_ENDPOINT: endpoint,
      PARLEY_S3_ACCESS_KEY_ID: 'S3RVER',
      PARLEY_S3_SECRET_ACCESS_KEY: 'S3RVER',
      PARLEY_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

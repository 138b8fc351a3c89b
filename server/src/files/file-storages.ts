import type { Config } from '../core/config.js';
import type { FileStorage } from './file-storage.js';
import { FileStore, type FileStoreOptions } from './file-store.js';

// The file storage a server runs with: an S3-compatible bucket when PARLEY_S3_BUCKET is set (what
// several server processes behind a balancer need), else the local directory. The S3 adapter and
// the AWS SDK are loaded only when used: a server on the local directory never pays for them.

export async function openFileStorage(config: Config, local: FileStoreOptions): Promise<FileStorage> {
  if (!config.s3Bucket) return new FileStore(local);
  const { S3FileStorage } = await import('./s3-file-storage.js');
  return new S3FileStorage({ ...config, s3Bucket: config.s3Bucket });
}

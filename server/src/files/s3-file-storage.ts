import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../core/config.js';
import type { FileStorage } from './file-storage.js';
import { checkKey, contentTypeOf } from './file-store.js';

// Produced files in an S3-compatible bucket (AWS SDK for JavaScript v3), so every server process
// behind a balancer hands out URLs that work whichever process made the file. A URL is a presigned
// GET of the object (SigV4, valid for the route's lifetime: SignedUrlTtl), fetched from the bucket
// itself: the server is not on the download path. SigV4 allows at most 7 days, TTS's lifetime.

export type S3Settings = Pick<
  Config,
  's3Bucket' | 's3Endpoint' | 's3Region' | 's3AccessKeyId' | 's3SecretAccessKey' | 's3ForcePathStyle'
>;

export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings & { s3Bucket: string }) {
    this.bucket = settings.s3Bucket;
    this.client = new S3Client({
      region: settings.s3Region ?? 'us-east-1',
      ...(settings.s3Endpoint ? { endpoint: settings.s3Endpoint } : {}),
      forcePathStyle: settings.s3ForcePathStyle ?? false,
      ...(settings.s3AccessKeyId && settings.s3SecretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.s3AccessKeyId,
              secretAccessKey: settings.s3SecretAccessKey,
            },
          }
        : {}),
      // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
      // default CRC32 trailers on uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async save(key: string, bytes: Uint8Array, ttlSeconds: number): Promise<string> {
    const Key = checkKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentType: contentTypeOf(key) }),
    );
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key }), {
      expiresIn: ttlSeconds,
    });
  }

  close(): void {
    this.client.destroy();
  }
}

import { ApiError } from '../../core/api-error.js';
import type { Clock } from '../../core/clock.js';
import type { FileStorage } from '../../files/file-storage.js';
import { contentTypeOf, FileStore } from '../../files/file-store.js';
import { verifySignature } from '../../files/signed-url.js';
import type { ResolveCaller } from '../../http/caller-auth.js';
import { FileReply } from '../../http/file-reply.js';
import type { RouteKit } from '../../http/route-kit.js';
import { pathOf } from '../../http/route-table.js';

// GET /files/<key>?expires=…&signature=… (`file-download`): the signed URLs FileStore hands out,
// with byte ranges. The signature is the route's auth (`signed-url`): a bad or expired one is 403
// whether or not the file exists, so keys cannot be probed. With S3 storage the bucket serves its
// own URLs; this server then signed none, and every /files/ URL is refused alike.

/** The `signed-url` auth kind: checks the signature over the request's path (as sent) and expiry. */
export function signedUrlResolver(files: FileStorage, clock: Clock): ResolveCaller {
  return async (req) => {
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const expires = Number(query.get('expires'));
    const now = Math.floor(clock.nowMicros() / 1e6);
    const signed =
      files instanceof FileStore &&
      verifySignature(files.secret, pathOf(req.url), expires, query.get('signature') ?? '', now);
    if (!signed) throw ApiError.forbidden('Invalid or expired file signature');
    return undefined;
  };
}

export function filesRoutes(kit: RouteKit, files: FileStorage): void {
  kit.mountPublic('file-download', async (_body, { params }) => {
    if (!(files instanceof FileStore)) throw new Error('file-download ran without a local file store');
    // The route's `*key` rest, as sent: the signature covered exactly these bytes.
    const key = params.key ?? '';
    const path = await files.existing(key).catch(() => undefined);
    if (!path) throw ApiError.notFound('File');
    // Served relative to the store's directory: `send` refuses any path with a dot segment, and the
    // default data directory is <repo>/.data (keys themselves never start a segment with a dot).
    return new FileReply(key, {
      root: files.rootDir,
      what: 'File',
      contentType: contentTypeOf(key),
    });
  });
}

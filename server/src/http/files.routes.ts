import { Router } from 'express';
import { ApiError } from '../core/api-error.js';
import type { Clock } from '../core/clock.js';
import { contentTypeOf, FILES_PREFIX, type FileStore } from '../files/file-store.js';
import { verifySignature } from '../files/signed-url.js';

// GET /files/<key>?expires=…&signature=… — the signed URLs FileStore hands out. A bad or expired
// signature is 403 whether or not the file exists, so keys cannot be probed.

export function filesRoutes(files: FileStore, clock: Clock): Router {
  const router = Router();
  router.get(`${FILES_PREFIX}*key`, async (req, res) => {
    const expires = Number(req.query.expires);
    const signature = typeof req.query.signature === 'string' ? req.query.signature : '';
    const now = Math.floor(clock.nowMicros() / 1e6);
    if (!verifySignature(files.secret, req.path, expires, signature, now)) {
      throw ApiError.forbidden('Invalid or expired file signature');
    }
    const key = req.path.slice(FILES_PREFIX.length);
    const path = await files.existing(key).catch(() => undefined);
    if (!path) throw ApiError.notFound('File');
    res.type(contentTypeOf(key));
    res.set('Cache-Control', 'private, max-age=60');
    res.sendFile(path);
  });
  return router;
}

import type { RouteKit } from '../../../http/route-kit.js';
import type { UploadService } from '../../../services/speech/upload.service.js';

// POST /playground/uploads: the raw bytes of an audio file (its Content-Type an audio or video
// type, up to Limits.uploadBytes), stored for the caller; the answer is its signed URL.

export function uploadRoutes(kit: RouteKit, upload: UploadService): void {
  kit.mount('playground-upload', (body, caller) => upload.store(caller, body.bytes, body.contentType));
}

import { createHash } from 'node:crypto';
import { ApiError } from '../../core/api-error.js';
import { ErrorText } from '../../core/contracts.js';
import type { FileStorage } from '../../files/file-storage.js';

// Produced audio (TTS, denoise) goes to the file store under the caller's user id, so two callers
// who pick the same session and message ids never overwrite each other's files.

const SAFE = /^\w[\w.-]{0,79}$/;

/**
 * A client-chosen id as one path segment of a file key. Ids that are already plain stay readable in
 * the URL; others are cleaned and get a hash of the original, so distinct ids never share a segment.
 */
export function fileSegment(id: string): string {
  if (SAFE.test(id)) return id;
  const cleaned =
    id
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[^\w]+/, '')
      .slice(0, 60) || 'id';
  return `${cleaned}-${createHash('sha256').update(id).digest('hex').slice(0, 12)}`;
}

/** Saves and signs; a failure is the spec's 500 "Storage upload failed" (the cause goes to the log). */
export async function saveProduced(
  files: FileStorage,
  key: string,
  bytes: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  try {
    return await files.save(key, bytes, ttlSeconds);
  } catch (error) {
    throw new ApiError('INTERNAL', ErrorText.storageFailed, { cause: error });
  }
}

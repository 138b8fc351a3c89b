import type { PlaygroundUploadResponse } from '@parley/schemas/types';
import type { Caller } from '../../core/caller.js';
import { SignedUrlTtl } from '../../core/contracts.js';
import type { IdGenerator } from '../../core/ids.js';
import type { FileStorage } from '../../files/file-storage.js';
import { fileSegment, saveProduced } from './speech-files.js';

// POST /playground/uploads: a person's own recording, stored under the caller's user id and handed
// back as a URL signed for SignedUrlTtl.upload, so file STT and denoise can be tried on it. This
// server reads its own signed URLs from disk (own-audio.ts): no private-address flag is needed.

/** The file name extension kept for a media type (the download's Content-Type follows from it). */
const EXTENSIONS: [RegExp, string][] = [
  [/^audio\/(x-)?wav|^audio\/wave/, 'wav'],
  [/^audio\/(mpeg|mp3)/, 'mp3'],
  [/^audio\/ogg|^application\/ogg|^audio\/opus/, 'ogg'],
  [/^audio\/(mp4|x-m4a|aac)|^video\/mp4|^application\/mp4/, 'm4a'],
  [/^audio\/webm|^video\/webm/, 'webm'],
  [/^audio\/(x-)?flac/, 'flac'],
];

export function extensionOf(contentType: string): string {
  const type = contentType.toLowerCase();
  return EXTENSIONS.find(([pattern]) => pattern.test(type))?.[1] ?? 'bin';
}

export class UploadService {
  constructor(private readonly deps: { files: FileStorage; ids: IdGenerator }) {}

  async store(caller: Caller, bytes: Uint8Array, contentType: string): Promise<PlaygroundUploadResponse> {
    const key = `uploads/${fileSegment(caller.userId)}/${this.deps.ids.next('up')}.${extensionOf(contentType)}`;
    return {
      url: await saveProduced(this.deps.files, key, bytes, SignedUrlTtl.upload),
      expires_in_seconds: SignedUrlTtl.upload,
      bytes: bytes.length,
    };
  }
}

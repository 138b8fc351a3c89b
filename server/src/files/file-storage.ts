// Where produced files (TTS audio, denoised audio) go, and the URL a client fetches each from:
// the local directory served under /files/ (file-store.ts, the default) or an S3-compatible bucket
// (s3-file-storage.ts) that every server process shares. Keys are relative paths of plain segments
// (file-store.ts `checkKey`).

export interface FileStorage {
  /** Stores the file and returns a URL to it that stays valid for `ttlSeconds`. */
  save(key: string, bytes: Uint8Array, ttlSeconds: number): Promise<string>;
}

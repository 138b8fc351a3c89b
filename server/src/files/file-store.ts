import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import type { Clock } from '../core/clock.js';
import type { FileStorage } from './file-storage.js';
import { signedQuery } from './signed-url.js';

// Files the server produces (TTS audio, denoised audio), kept in a local directory and handed out
// as signed, expiring URLs served by routes/files/files.routes.ts. Keys are relative paths of plain segments.

const SEGMENT = /^[\w][\w.-]*$/;
const CONTENT_TYPES: Record<string, string> = {
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.webm': 'audio/webm',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export const FILES_PREFIX = '/files/';

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Throws for a key that is empty, absolute, or has `..` or odd characters in a segment. */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment) && segment !== '..')) {
    throw new Error(`invalid file key: ${key}`);
  }
  return key;
}

export interface FileStoreOptions {
  rootDir: string;
  secret: string;
  clock: Clock;
  /** Base URL clients reach the server at; read when a URL is made (the port may be known late). */
  baseUrl: () => string;
}

export class FileStore implements FileStorage {
  constructor(private readonly options: FileStoreOptions) {}

  /** Writes the file and returns a URL to it that stays valid for `ttlSeconds`. */
  async save(key: string, bytes: Uint8Array, ttlSeconds: number): Promise<string> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
    return this.signedUrl(key, ttlSeconds);
  }

  signedUrl(key: string, ttlSeconds: number): string {
    const expires = Math.floor(this.options.clock.nowMicros() / 1e6) + ttlSeconds;
    const urlPath = `${FILES_PREFIX}${checkKey(key)}`;
    return `${this.options.baseUrl()}${urlPath}?${signedQuery(this.options.secret, urlPath, expires)}`;
  }

  /** Absolute path of an existing file, or undefined. */
  async existing(key: string): Promise<string | undefined> {
    const path = this.pathOf(key);
    return (await stat(path).catch(() => undefined))?.isFile() ? path : undefined;
  }

  /** The directory the keys are relative to. */
  get rootDir(): string {
    return resolve(this.options.rootDir);
  }

  get secret(): string {
    return this.options.secret;
  }

  private pathOf(key: string): string {
    const root = resolve(this.options.rootDir);
    const path = resolve(join(root, checkKey(key)));
    if (!path.startsWith(root + sep)) throw new Error(`invalid file key: ${key}`);
    return path;
  }
}

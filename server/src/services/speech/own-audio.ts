import { readFile } from 'node:fs/promises';
import { ApiError } from '../../core/api-error.js';
import type { Clock } from '../../core/clock.js';
import { pageRoutes } from '../../core/contracts.js';
import { fixtureFiles, fixturePath } from '../../engines/audio/fixture-audio.js';
import type { FileStorage } from '../../files/file-storage.js';
import { FILES_PREFIX, FileStore } from '../../files/file-store.js';
import { verifySignature } from '../../files/signed-url.js';

// An `audio_url` that points at this server itself: one of the playground's fixtures, or a file it
// handed out by signed URL (an upload, a denoised or TTS file). Such a URL is read from disk, with no
// network request at all, so the playground's defaults work on a loopback server without allowing
// private addresses. It opens no SSRF path: only the two path shapes below are served, a /files/ URL
// needs this server's own signature, and any other URL still goes through the guarded client.

const FIXTURE_PREFIX = (pageRoutes.find((r) => r.name === 'playground-fixture')?.path ?? '').replace(
  ':id',
  '',
);
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface OwnAudioDeps {
  files: FileStorage;
  clock: Clock;
  /** The server's own base URL (known once it listens). */
  baseUrl: () => string;
}

/** Reads an audio URL of this server from disk: its bytes, or undefined when the URL is not ours. */
export type OwnAudioReader = (url: string) => Promise<Buffer | undefined>;

export function ownAudioReader(deps: OwnAudioDeps): OwnAudioReader {
  return async (raw) => {
    const url = ownUrl(raw, deps.baseUrl());
    if (!url) return undefined;
    if (url.pathname.startsWith(FIXTURE_PREFIX)) {
      const id = decodeURIComponent(url.pathname.slice(FIXTURE_PREFIX.length));
      const file = fixtureFiles((f) => f.id === id)[0];
      if (!file) throw ApiError.badRequest(`audio_url names no fixture of this server: ${id}`);
      return readFile(fixturePath(file));
    }
    if (url.pathname.startsWith(FILES_PREFIX) && deps.files instanceof FileStore) {
      const expires = Number(url.searchParams.get('expires'));
      const now = Math.floor(deps.clock.nowMicros() / 1e6);
      const given = url.searchParams.get('signature') ?? '';
      if (!verifySignature(deps.files.secret, url.pathname, expires, given, now)) {
        throw ApiError.badRequest('audio_url is a file URL of this server with a bad or expired signature');
      }
      const path = await deps.files.existing(url.pathname.slice(FILES_PREFIX.length)).catch(() => undefined);
      if (!path) throw ApiError.badRequest('audio_url names a file this server no longer has');
      return readFile(path);
    }
    return undefined;
  };
}

/**
 * The URL when it is addressed to this server: the same origin as its base URL, or a loopback name
 * with the same port (a browser on the machine may say localhost where the server says 127.0.0.1).
 */
function ownUrl(raw: string, baseUrl: string): URL | undefined {
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw);
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.origin === base.origin) return url;
  const port = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
  const sameScheme = url.protocol === base.protocol;
  return sameScheme && LOOPBACK.has(url.hostname) && port(url) === port(base) ? url : undefined;
}

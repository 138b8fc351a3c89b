import { join } from 'node:path';
import { ApiError } from '../../core/api-error.js';
import { AudioDecodeError, type AudioEngine, AudioTooLongError } from '../../engines/audio/audio.engine.js';
import { fetchAudioToFile } from '../../engines/audio/fetch-audio.js';
import { withTempDir } from '../../engines/audio/temp-dir.js';
import type { OutboundClient } from '../../net/outbound-client.js';
import type { AudioDownloads } from './audio-downloads.js';
import type { OwnAudioReader } from './own-audio.js';

// A client's `audio_url` (file STT, denoise) → mono PCM. A URL of this server itself (a fixture, a
// signed /files/ URL) is read from disk (own-audio.ts). Any other is downloaded to a temp file that
// ffmpeg reads (never held in memory), within the process's download places (audio-downloads.ts),
// through the SSRF-guarded
// outbound client, whose failures already carry their status (400 refused or malformed URL, 413 too
// large, 415 not audio, 502 unreachable or non-2xx, 504 too slow). Decoding failures are mapped
// here: a file ffmpeg cannot read is 415, one that decodes past the ceiling is 413.

export interface AudioSource {
  outbound: OutboundClient;
  audio: AudioEngine;
  /** Reads this server's own URLs from disk; absent, every URL is downloaded. */
  own?: OwnAudioReader;
  downloads: AudioDownloads;
}

export async function downloadPcm(
  source: AudioSource,
  url: string,
  options: { sampleRate: number; signal?: AbortSignal },
): Promise<Int16Array> {
  const own = await source.own?.(url);
  try {
    if (own) return await source.audio.decode(own, { sampleRate: options.sampleRate });
    return await source.downloads.run(() =>
      withTempDir(async (dir) => {
        const file = join(dir, 'input');
        await fetchAudioToFile(source.outbound, url, file, {
          signal: options.signal,
          maxBytes: source.downloads.maxBytes,
        });
        return source.audio.decodeFile(file, { sampleRate: options.sampleRate });
      }),
    );
  } catch (error) {
    if (error instanceof AudioDecodeError)
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', error.message, { cause: error });
    if (error instanceof AudioTooLongError)
      throw new ApiError('PAYLOAD_TOO_LARGE', error.message, { cause: error });
    throw error;
  }
}

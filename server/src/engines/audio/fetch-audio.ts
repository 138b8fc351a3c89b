import type { OutboundClient } from '../../net/outbound-client.js';
import { OutboundContentError, OutboundUpstreamError } from '../../net/outbound-errors.js';

// Download of a client-supplied `audio_url` (file STT, denoise). The transport rules (SSRF guard,
// deadline, byte ceiling) live in the outbound client; this adds what "an audio file" means.

export interface FetchAudioOptions {
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface FetchedAudio {
  bytes: Buffer;
  contentType: string | undefined;
  /** Final URL after redirects. */
  url: string;
}

// Storage services label audio inconsistently (octet-stream, video/webm for audio-only webm,
// application/ogg), so the check only refuses types that are clearly documents, not media.
const MEDIA_TYPES = [/^audio\//, /^video\//, /^application\/(octet-stream|ogg|mp4|x-mpegurl)$/, /^binary\//];

export function isAcceptableAudioType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === '' || MEDIA_TYPES.some((pattern) => pattern.test(type));
}

export async function fetchAudio(
  client: OutboundClient,
  url: string,
  options: FetchAudioOptions = {},
): Promise<FetchedAudio> {
  const res = await client.request({
    url,
    method: 'GET',
    headers: { accept: 'audio/*, video/*, application/octet-stream;q=0.9, */*;q=0.1' },
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    signal: options.signal,
    onHead: ({ status, headers, url: at }) => {
      if (status < 200 || status > 299) {
        throw new OutboundUpstreamError(`Audio URL answered HTTP ${status}`, at, status);
      }
      if (!isAcceptableAudioType(headers['content-type'])) {
        throw new OutboundContentError(
          `Audio URL returned ${headers['content-type']}, not an audio file`,
          at,
        );
      }
    },
  });
  if (res.body.length === 0) throw new OutboundContentError('Audio URL returned an empty body', res.url);
  return { bytes: res.body, contentType: res.headers['content-type'], url: res.url };
}

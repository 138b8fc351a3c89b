import { stat } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
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
  /** Bytes written to the file. */
  bytes: number;
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

/** The audio of `url` written to `file` (never held in memory); its size and type. */
export async function fetchAudioToFile(
  client: OutboundClient,
  url: string,
  file: string,
  options: FetchAudioOptions = {},
): Promise<FetchedAudio> {
  const res = await client.request({
    url,
    method: 'GET',
    headers: ACCEPT_AUDIO,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    signal: options.signal,
    toFile: file,
    onHead: checkAudioHead,
  });
  const { size } = await stat(file).catch(() => ({ size: 0 }));
  if (size === 0) throw new OutboundContentError('Audio URL returned an empty body', res.url);
  return { bytes: size, contentType: res.headers['content-type'], url: res.url };
}

const ACCEPT_AUDIO = { accept: 'audio/*, video/*, application/octet-stream;q=0.9, */*;q=0.1' };

function checkAudioHead({
  status,
  headers,
  url: at,
}: {
  status: number;
  headers: IncomingHttpHeaders;
  url: string;
}) {
  if (status < 200 || status > 299) {
    throw new OutboundUpstreamError(`Audio URL answered HTTP ${status}`, at, status);
  }
  if (!isAcceptableAudioType(headers['content-type'])) {
    throw new OutboundContentError(`Audio URL returned ${headers['content-type']}, not an audio file`, at);
  }
}

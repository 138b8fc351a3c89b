import {
  decodeTtsResponse,
  encodeTtsRequest,
  encodeTtsResponse,
  PROTO_CONTENT_TYPE,
  SessionTTSResponse,
  type SessionTtsRequestData,
  type SessionTtsResponseData,
} from '@parley/schemas/proto';
import { expect } from 'vitest';
import { postRaw, type SpeechServer } from './speech-server.js';

// What the /v1/tts tests share: the local-engine file and the upstream file (which uses nock, so it
// runs in a process of its own; see vitest.config.ts).

export const ttsUrl = (target: { url: string }, key?: string) =>
  `${target.url}/v1/tts${key === undefined ? '' : `?api_key=${encodeURIComponent(key)}`}`;

export interface TtsReply {
  status: number;
  response: SessionTtsResponseData;
}

/** Posts a SessionTTSRequest as alice; the answer must be a SessionTTSResponse with exactly one field set. */
export async function postTts(target: SpeechServer, request: SessionTtsRequestData): Promise<TtsReply> {
  const reply = await postRaw(
    ttsUrl(target, target.alice.key),
    encodeTtsRequest(request),
    PROTO_CONTENT_TYPE,
  );
  expect(reply.type).toContain(PROTO_CONTENT_TYPE);
  const response = decodeTtsResponse(reply.bytes);
  expect(SessionTTSResponse.verify(response)).toBeNull();
  // Canonical re-encoding gives the same bytes: no unknown fields, nothing but the two declared ones.
  expect(Buffer.from(encodeTtsResponse(response)).equals(Buffer.from(reply.bytes))).toBe(true);
  expect(response.audio_url === '').toBe(response.error !== '');
  return { status: reply.status, response };
}

/** Channel count from the OpusHead packet of an Ogg file's first page (RFC 7845 §5.1). */
export function oggOpusChannels(bytes: Uint8Array): number {
  const text = (from: number, length: number) =>
    Buffer.from(bytes.subarray(from, from + length)).toString('latin1');
  expect(text(0, 4)).toBe('OggS');
  const headerEnd = 27 + (bytes[26] ?? 0);
  expect(text(headerEnd, 8)).toBe('OpusHead');
  return bytes[headerEnd + 9] ?? 0;
}

export async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

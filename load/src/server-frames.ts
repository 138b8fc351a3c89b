import type { StreamLayout } from './proto-layout.js';
import { decodeStreamResponse, type StreamResponse } from './proto-wire.js';

// One server frame of WS /v1/stt/stream, JSON text or protobuf binary, in the JSON frame's shape
// (schemas/json/stream-server-frame.schema.json). Anything else is `unknown`, which the session
// counts rather than trusts.

export type ServerFrame = StreamResponse;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseJsonFrame(text: string): ServerFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { unknown: true };
  }
  if (!isObject(value)) return { unknown: true };
  if (value.connected === true) return { connected: true };
  if (value.finished === true) return { finished: true };
  const { chunk, error } = value;
  if (isObject(chunk) && typeof chunk.id === 'string' && typeof chunk.text === 'string') {
    return {
      chunk: {
        id: chunk.id,
        session_id: typeof chunk.session_id === 'string' ? chunk.session_id : '',
        text: chunk.text,
        is_final: chunk.is_final === true,
        ...(typeof chunk.speaker === 'string' ? { speaker: chunk.speaker } : {}),
      },
    };
  }
  if (isObject(error)) {
    return {
      error: {
        code: String(error.code ?? ''),
        message: String(error.message ?? ''),
        close_code: Number(error.close_code ?? 0),
      },
    };
  }
  return { unknown: true };
}

/**
 * A received WebSocket message: text is JSON, binary is the stream message of `layout` (protobuf
 * mode). Without a layout (JSON mode) a binary frame is unknown.
 */
export function parseServerFrame(
  data: string | ArrayBuffer | Uint8Array,
  layout?: StreamLayout,
): ServerFrame {
  if (typeof data === 'string') return parseJsonFrame(data);
  if (!layout) return { unknown: true };
  try {
    return decodeStreamResponse(data instanceof Uint8Array ? data : new Uint8Array(data), layout);
  } catch {
    return { unknown: true };
  }
}

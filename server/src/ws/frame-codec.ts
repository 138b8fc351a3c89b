import type { StreamServerFrame } from '@parley/schemas/types';
import type { StreamFormat } from '../engines/stt/live-stt.contract.js';
import { jsonCodec } from './json-codec.js';
import { protobufCodec } from './protobuf-codec.js';

// How server frames travel in each mode: `format=json` as JSON text frames, otherwise as binary
// StreamResponse messages. The session deals in the JSON shapes only; a codec turns them into
// WebSocket payloads and back (the way back serves clients: tests, the bench, tools).

export interface FrameCodec {
  readonly format: StreamFormat;
  /** A string goes out as a text frame, bytes as a binary frame. */
  encode(frame: StreamServerFrame): string | Uint8Array;
  /** Throws when the payload is not a frame of this mode. */
  decode(payload: Uint8Array | string, isBinary: boolean): StreamServerFrame;
}

export function codecFor(format: StreamFormat): FrameCodec {
  return format === 'json' ? jsonCodec : protobufCodec;
}

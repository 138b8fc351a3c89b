import { decodeStreamFrame, encodeStreamFrame } from '@parley/schemas/proto';
import type { FrameCodec } from './frame-codec.js';

// Protobuf mode (no format parameter): every server frame is one binary StreamResponse
// (schemas/proto/parley/v1/stream.proto); `{finished: true}` travels as disconnect_reason=SESSION_ENDED.

export const protobufCodec: FrameCodec = {
  format: 'protobuf',
  encode: (frame) => encodeStreamFrame(frame),
  decode(payload, isBinary) {
    if (!isBinary || typeof payload === 'string')
      throw new Error('protobuf mode: expected a binary frame, got a text one');
    return decodeStreamFrame(payload);
  },
};

import { decodeStreamFrame, encodeStreamFrame } from '@parley/schemas/proto';
import type { FrameCodec } from './frame-codec.js';

// Protobuf mode, the default (no `format` query parameter, or `format=protobuf`/`proto`; see
// stream-params.ts formatOf): every server frame is one binary StreamResponse of
// schemas/proto/parley/v1/stream.proto, built from the JSON frame by @parley/schemas/proto, where
// `{finished: true}` becomes disconnect_reason=SESSION_ENDED; client frames are binary audio.

export const protobufCodec: FrameCodec = {
  format: 'protobuf',
  encode: (frame) => encodeStreamFrame(frame),
  decode(payload, isBinary) {
    if (!isBinary || typeof payload === 'string')
      throw new Error('protobuf mode: expected a binary frame, got a text one');
    return decodeStreamFrame(payload);
  },
};

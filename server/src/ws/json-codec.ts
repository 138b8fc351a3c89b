import type { StreamServerFrame } from '@parley/schemas/types';
import type { FrameCodec } from './frame-codec.js';

// format=json: every server frame is one JSON text frame (schema stream-server-frame).

export const jsonCodec: FrameCodec = {
  format: 'json',
  encode: (frame) => JSON.stringify(frame),
  decode(payload, isBinary) {
    if (isBinary) throw new Error('format=json: expected a text frame, got a binary one');
    const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
    return JSON.parse(text) as StreamServerFrame;
  },
};

import { readProtoSource } from '../probe/proto-files.js';
import { streamLayout } from '../src/proto-layout.js';

// Parley's stream layout (schemas/proto), which a test's client needs in protobuf mode.

export const PARLEY_STREAM_LAYOUT = streamLayout(readProtoSource());

/** The session driver's `layout` option for `format`: Parley's in protobuf mode, none in JSON. */
export const layoutFor = (format: 'json' | 'protobuf') =>
  format === 'protobuf' ? { layout: PARLEY_STREAM_LAYOUT } : {};

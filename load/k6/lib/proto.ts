import { PROTO_FILES } from '@parley/schemas/constants';
import {
  type ProtoSource,
  protoSource,
  type StreamLayout,
  streamLayout,
  ttsLayout,
} from '../../src/proto-layout.js';
import { env } from './config.js';
import { PROTO_DIR } from './paths.js';

// The deployment's protobuf layout, read at init (open() works only there): PROTO_FILE's files, or
// Parley's schemas/proto without it. Each VU reads the few kilobytes once; a file k6 cannot open or
// a layout without the spec's names stops the script before any load (k6 exit 107).

let source: ProtoSource | undefined;
function read(): ProtoSource {
  const paths = env.protoFiles.length > 0 ? env.protoFiles : PROTO_FILES.map((f) => `${PROTO_DIR}${f}`);
  source ??= protoSource(paths.map((name) => ({ name, text: open(name) })));
  return source;
}

/** The stream message's layout in protobuf mode (FORMAT=protobuf); none in JSON mode. */
export function streamFrameLayout(): StreamLayout | undefined {
  return env.format === 'protobuf' ? streamLayout(read(), env.protoStreamMessage) : undefined;
}

/** SessionTTSRequest and SessionTTSResponse, always protobuf (the spec's POST /v1/tts). */
export function ttsMessageLayout() {
  return ttsLayout(read());
}

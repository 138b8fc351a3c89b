import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTO_FILES } from '@parley/schemas/constants';
import { protoDir } from '@parley/schemas/paths';
import { type ProtoSource, protoSource } from '../src/proto-layout.js';

// The node side of PROTO_FILE: the .proto files read from disk (the k6 scripts open them at init,
// k6/lib/proto.ts). No files given: Parley's own under schemas/proto.

export function readProtoSource(files: readonly string[] = []): ProtoSource {
  const paths = files.length > 0 ? files : PROTO_FILES.map((f) => join(protoDir, f));
  return protoSource(paths.map((name) => ({ name, text: readFileSync(name, 'utf8') })));
}

import { join } from 'node:path';
import { ProtoMessages } from '@parley/schemas/constants';
import { protoDir } from '@parley/schemas/paths';
import { loadProtoRoot, PROTO_FILES } from '@parley/schemas/proto';
import type protobuf from 'protobufjs';

// The protobuf layout the kit speaks: Parley's own, or a deployment's .proto files (--proto; the spec
// shows no wire layout). Messages are found by their simple name in whatever package the files
// declare: the spec names SessionTTSRequest and SessionTTSResponse; it names no stream message, so
// the stream's is StreamResponse unless --proto-stream-message names another.

export const STREAM_MESSAGE: string = ProtoMessages.stream;

export interface ProtoLayout {
  ttsRequest: protobuf.Type;
  ttsResponse: protobuf.Type;
  /** The live stream's server frame (a `chunk` and a `disconnect_reason` among its fields). */
  stream: protobuf.Type;
}

const cache = new Map<string, ProtoLayout>();

/** The type named `name` (simple or fully qualified) anywhere in `root`. */
export function findType(root: protobuf.Root, name: string): protobuf.Type {
  const found: protobuf.Type[] = [];
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const nested of ns.nestedArray) {
      if ('fields' in nested && (nested.name === name || nested.fullName.slice(1) === name))
        found.push(nested as protobuf.Type);
      if ('nestedArray' in nested) walk(nested as protobuf.NamespaceBase);
    }
  };
  walk(root);
  if (found.length !== 1)
    throw new Error(
      found.length === 0
        ? `no protobuf message ${name} in the --proto files`
        : `${found.length} protobuf messages named ${name}: give its full name`,
    );
  return found[0] as protobuf.Type;
}

export function protoLayout(files?: readonly string[], streamMessage = STREAM_MESSAGE): ProtoLayout {
  const paths = files ?? PROTO_FILES.map((f) => join(protoDir, f));
  const key = `${paths.join('\n')}\n${streamMessage}`;
  let layout = cache.get(key);
  if (!layout) {
    const root = loadProtoRoot(paths);
    layout = {
      ttsRequest: findType(root, ProtoMessages.ttsRequest),
      ttsResponse: findType(root, ProtoMessages.ttsResponse),
      stream: findType(root, streamMessage),
    };
    cache.set(key, layout);
  }
  return layout;
}

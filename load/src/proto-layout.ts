import { ProtoMessages, STREAM_SESSION_ENDED } from '@parley/schemas/constants';
import { findMessage, type ProtoMessage, type ProtoSchema, readProto3Subset } from './proto3-subset.js';

// Where each field the scripts read or write sits on the wire, taken from a deployment's .proto
// files (PROTO_FILE; Parley's schemas/proto by default): the spec shows no layout, only the names.
// Messages are found as the conformance kit finds them (its --proto, --proto-stream-message): the
// spec's SessionTTSRequest and SessionTTSResponse, the stream's StreamResponse unless another is
// named; inside them the fields carry the spec's names (chunk, disconnect_reason=SESSION_ENDED, …).

/** A field's number, and whether the script may read it (its wire type is the one its type has). */
export interface Slot {
  number: number;
  wireType: 0 | 2;
}

export interface StreamLayout {
  connected: Slot;
  chunk: Slot;
  disconnectReason: Slot;
  /** The enum number of SESSION_ENDED in this layout. */
  sessionEnded: number;
  /** Parley's error frame (the spec shows none): a layout may have no such field. */
  error?: Slot;
  chunkFields: { id: Slot; text: Slot; is_final: Slot; session_id?: Slot; speaker?: Slot };
  errorFields?: { code?: Slot; message?: Slot; close_code?: Slot };
}

export interface TtsLayout {
  request: { session_id: Slot; message_id: Slot; text: Slot };
  response: { audio_url: Slot; error?: Slot };
}

/** The messages and enums of a layout's .proto files, and their names for the errors. */
export interface ProtoSource {
  schema: ProtoSchema;
  where: string;
}

/** The .proto files' texts read (the k6 scripts open them at init, the probe and tests from disk). */
export function protoSource(files: readonly { name: string; text: string }[]): ProtoSource {
  return { schema: readProto3Subset(files), where: files.map((f) => f.name).join(', ') };
}

const VARINT_TYPES = new Set(['int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64']);
type Kind = 'string' | 'bool' | 'varint' | 'message' | 'enum';

/** The slot of `message`'s field `name`, which must be of `kind`; undefined when there is none. */
function slotOf(schema: ProtoSchema, message: ProtoMessage, name: string, kind: Kind): Slot | undefined {
  const f = message.fields.find((candidate) => candidate.name === name && !candidate.repeated);
  if (!f) return undefined;
  const ok = {
    string: f.type === 'string',
    bool: f.type === 'bool',
    varint: VARINT_TYPES.has(f.type),
    message: schema.messages.has(f.resolved ?? ''),
    enum: schema.enums.has(f.resolved ?? ''),
  }[kind];
  if (!ok) throw new Error(`${message.fullName}.${name} is ${f.type}; the load scripts read it as ${kind}`);
  return { number: f.number, wireType: kind === 'string' || kind === 'message' ? 2 : 0 };
}

/** The message or enum a field names. */
const typeOf = (message: ProtoMessage, name: string) =>
  message.fields.find((f) => f.name === name)?.resolved ?? '';

function need<T>(value: T | undefined, message: ProtoMessage, name: string, why: string): T {
  if (value === undefined) throw new Error(`${message.fullName} has no field ${name} (${why})`);
  return value;
}

/** The slots that exist of `names` (optional fields). */
function present<K extends string>(
  schema: ProtoSchema,
  message: ProtoMessage,
  names: readonly (readonly [K, Kind])[],
): Partial<Record<K, Slot>> {
  const out: Partial<Record<K, Slot>> = {};
  for (const [name, kind] of names) {
    const slot = slotOf(schema, message, name, kind);
    if (slot) out[name] = slot;
  }
  return out;
}

const FRAME_FIELDS = "the spec's frames: connected, chunk, disconnect_reason=SESSION_ENDED";
const CHUNK_FIELDS = "the spec's chunk: id, session_id, text, is_final, speaker";

/** The live stream's server frame in `schema`, `messageName` (StreamResponse) by default. */
export function streamLayout(source: ProtoSource, messageName: string = ProtoMessages.stream): StreamLayout {
  const { schema, where } = source;
  const frame = findMessage(schema, messageName, where);
  const slot = (name: string, kind: Kind) =>
    need(slotOf(schema, frame, name, kind), frame, name, FRAME_FIELDS);
  const connected = slot('connected', 'bool');
  const chunk = slot('chunk', 'message');
  const disconnectReason = slot('disconnect_reason', 'enum');
  const reasons = schema.enums.get(typeOf(frame, 'disconnect_reason'));
  const sessionEnded = reasons?.values[STREAM_SESSION_ENDED];
  if (sessionEnded === undefined)
    throw new Error(
      `${typeOf(frame, 'disconnect_reason')} (disconnect_reason) has no value ${STREAM_SESSION_ENDED}`,
    );
  const piece = schema.messages.get(typeOf(frame, 'chunk')) as ProtoMessage;
  const inChunk = (name: string, kind: Kind) =>
    need(slotOf(schema, piece, name, kind), piece, name, CHUNK_FIELDS);
  const error = slotOf(schema, frame, 'error', 'message');
  const errorMessage = error && (schema.messages.get(typeOf(frame, 'error')) as ProtoMessage);
  return {
    connected,
    chunk,
    disconnectReason,
    sessionEnded,
    chunkFields: {
      id: inChunk('id', 'string'),
      text: inChunk('text', 'string'),
      is_final: inChunk('is_final', 'bool'),
      ...present(schema, piece, [
        ['session_id', 'string'],
        ['speaker', 'string'],
      ] as const),
    },
    ...(error && errorMessage
      ? {
          error,
          errorFields: present(schema, errorMessage, [
            ['code', 'string'],
            ['message', 'string'],
            ['close_code', 'varint'],
          ] as const),
        }
      : {}),
  };
}

/** SessionTTSRequest and SessionTTSResponse in `schema` (the names the spec gives). */
export function ttsLayout(source: ProtoSource): TtsLayout {
  const { schema, where } = source;
  const request = findMessage(schema, ProtoMessages.ttsRequest, where);
  const response = findMessage(schema, ProtoMessages.ttsResponse, where);
  const inRequest = (name: string) =>
    need(slotOf(schema, request, name, 'string'), request, name, "the spec's session_id, message_id, text");
  return {
    request: {
      session_id: inRequest('session_id'),
      message_id: inRequest('message_id'),
      text: inRequest('text'),
    },
    response: {
      audio_url: need(
        slotOf(schema, response, 'audio_url', 'string'),
        response,
        'audio_url',
        "the spec's audio_url",
      ),
      ...present(schema, response, [['error', 'string']] as const),
    },
  };
}

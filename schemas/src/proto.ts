// The protobuf side of the contract: loads schemas/proto once and converts between protobuf bytes
// and the JSON shapes of schemas/json, so the server and the conformance kit share one mapping.
// Field names keep their .proto snake_case (keepCase) so a decoded message reads like the JSON body.
import path from 'node:path';
import protobuf from 'protobufjs';
import { PROTO_FILES, STREAM_SESSION_ENDED } from './constants.js';
import type { StreamServerFrame, SttRequest as SttRequestBody } from './generated/types.js';
import { protoDir } from './paths.js';

export { PROTO_FILES };
export const PROTO_CONTENT_TYPE = 'application/x-protobuf';

/**
 * Loads .proto files with snake_case names kept. Exported so the conformance kit can load a
 * deployment's own layout (the spec gives none) and look up the same message names in it.
 */
export function loadProtoRoot(files: readonly string[] = PROTO_FILES.map((f) => path.join(protoDir, f))) {
  const root = new protobuf.Root();
  root.loadSync([...files], { keepCase: true });
  // Resolving now turns a broken .proto into a load-time error instead of a failure mid-request.
  root.resolveAll();
  return root;
}

export const protoRoot = loadProtoRoot();
export const SessionTTSRequest = protoRoot.lookupType('parley.v1.SessionTTSRequest');
export const SessionTTSResponse = protoRoot.lookupType('parley.v1.SessionTTSResponse');
export const SttRequestMessage = protoRoot.lookupType('parley.v1.SttRequest');
export const StreamResponse = protoRoot.lookupType('parley.v1.StreamResponse');
export const StreamConfigMessage = protoRoot.lookupType('parley.v1.StreamConfig');
export const DisconnectReason = protoRoot.lookupEnum('parley.v1.DisconnectReason');

/** Bytes that are not a valid encoding of the expected message, or a message that breaks a rule of ours. */
export class ProtoDecodeError extends Error {
  constructor(
    readonly typeName: string,
    reason: string,
  ) {
    super(`Invalid ${typeName} protobuf: ${reason}`);
    this.name = 'ProtoDecodeError';
  }
}

/** A value that cannot be encoded as the message (wrong field type). */
export class ProtoEncodeError extends Error {
  constructor(
    readonly typeName: string,
    reason: string,
  ) {
    super(`Cannot encode ${typeName}: ${reason}`);
    this.name = 'ProtoEncodeError';
  }
}

/** Checks the value first (enums by number) so a wrong field type fails here, not as silent coercion. */
export function encodeMessage(type: protobuf.Type, value: Record<string, unknown>): Uint8Array {
  const problem = type.verify(value);
  if (problem) throw new ProtoEncodeError(type.name, problem);
  return type.encode(type.fromObject(value)).finish();
}

/**
 * Decodes to a plain object: enums as names, unset scalars as their proto3 defaults ('' / false /
 * []), unset `optional` fields and oneof members left out, the oneof's chosen member name under
 * the oneof's own name (e.g. `frame: 'chunk'`).
 */
export function decodeMessage(type: protobuf.Type, bytes: Uint8Array): Record<string, unknown> {
  let message: protobuf.Message;
  try {
    message = type.decode(bytes);
  } catch (err) {
    throw new ProtoDecodeError(type.name, err instanceof Error ? err.message : String(err));
  }
  return type.toObject(message, { enums: String, defaults: true, arrays: true, oneofs: true });
}

export interface SessionTtsRequestData {
  session_id: string;
  message_id: string;
  text: string;
}
export interface SessionTtsResponseData {
  audio_url: string;
  error: string;
}

export const encodeTtsRequest = (req: SessionTtsRequestData): Uint8Array =>
  encodeMessage(SessionTTSRequest, { ...req });
/** Missing fields come back as ''; the caller answers 400 "Missing session_id, message_id, or text". */
export const decodeTtsRequest = (bytes: Uint8Array): SessionTtsRequestData =>
  decodeMessage(SessionTTSRequest, bytes) as unknown as SessionTtsRequestData;
export const encodeTtsResponse = (res: SessionTtsResponseData): Uint8Array =>
  encodeMessage(SessionTTSResponse, { ...res });
export const decodeTtsResponse = (bytes: Uint8Array): SessionTtsResponseData =>
  decodeMessage(SessionTTSResponse, bytes) as unknown as SessionTtsResponseData;

/** Comma-string forms become one entry; the service splits entries on commas either way. */
const listOf = (v: string[] | string | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

export function encodeSttRequest(body: SttRequestBody): Uint8Array {
  const value: Record<string, unknown> = {
    audio_url: body.audio_url,
    session_id: body.session_id ?? '',
    language_hints: listOf(body.language_hints),
    language_hint: body.language_hint ?? '',
    context_keywords: listOf(body.context_keywords),
    callback_url: body.callback_url ?? '',
  };
  if (body.enable_diarization !== undefined) value.enable_diarization = body.enable_diarization;
  return encodeMessage(SttRequestMessage, value);
}

/**
 * Protobuf /v1/stt body -> the JSON body shape, leaving out what proto3 cannot tell from absent
 * (empty strings and lists), so the result goes through the same `stt.request` validator and
 * defaults as a JSON body. A missing audio_url stays missing and fails there.
 */
export function decodeSttRequest(bytes: Uint8Array): Partial<SttRequestBody> {
  const raw = decodeMessage(SttRequestMessage, bytes);
  const out: Record<string, unknown> = {};
  for (const key of ['audio_url', 'session_id', 'language_hint', 'callback_url'] as const) {
    if (raw[key] !== '') out[key] = raw[key];
  }
  for (const key of ['language_hints', 'context_keywords'] as const) {
    if ((raw[key] as string[]).length > 0) out[key] = raw[key];
  }
  if (raw.enable_diarization !== undefined) out.enable_diarization = raw.enable_diarization;
  return out as Partial<SttRequestBody>;
}

/** One JSON server frame -> the protobuf-mode binary frame (`{finished:true}` -> SESSION_ENDED). */
export function encodeStreamFrame(frame: StreamServerFrame): Uint8Array {
  if ('connected' in frame) return encodeMessage(StreamResponse, { connected: true });
  if ('chunk' in frame) return encodeMessage(StreamResponse, { chunk: { ...frame.chunk } });
  if ('finished' in frame) {
    return encodeMessage(StreamResponse, {
      disconnect_reason: DisconnectReason.values[STREAM_SESSION_ENDED],
    });
  }
  return encodeMessage(StreamResponse, { error: { ...frame.error } });
}

/** A protobuf-mode binary frame -> the JSON frame it stands for; throws ProtoDecodeError otherwise. */
export function decodeStreamFrame(bytes: Uint8Array): StreamServerFrame {
  const raw = decodeMessage(StreamResponse, bytes);
  const fail = (reason: string): never => {
    throw new ProtoDecodeError(StreamResponse.name, reason);
  };
  switch (raw.frame) {
    case 'connected':
      return raw.connected === true ? { connected: true } : fail('connected is false');
    case 'chunk': {
      const c = raw.chunk as Record<string, unknown>;
      const chunk = { id: c.id, session_id: c.session_id, text: c.text, is_final: c.is_final };
      return {
        chunk: c.speaker === undefined ? chunk : { ...chunk, speaker: c.speaker },
      } as StreamServerFrame;
    }
    case 'disconnect_reason':
      return raw.disconnect_reason === STREAM_SESSION_ENDED
        ? { finished: true }
        : fail(`unknown disconnect_reason ${String(raw.disconnect_reason)}`);
    case 'error': {
      const e = raw.error as Record<string, unknown>;
      const error = { code: e.code, message: e.message };
      return {
        error: e.close_code === 0 ? error : { ...error, close_code: e.close_code },
      } as StreamServerFrame;
    }
    default:
      return fail('no frame member is set');
  }
}

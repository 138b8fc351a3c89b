import type { IncomingMessage } from 'node:http';
import { validate } from '@parley/schemas';
import {
  decodeSttRequest,
  decodeTtsRequest,
  PROTO_CONTENT_TYPE,
  ProtoDecodeError,
  type SessionTtsRequestData,
} from '@parley/schemas/proto';
import type { SttRequest } from '@parley/schemas/types';
import { ApiError, RequestValidationError } from '../core/api-error.js';
import { ErrorText, type RouteSpec } from '../core/contracts.js';
import { isAcceptableAudioType } from '../engines/audio/fetch-audio.js';
import { readBody, readJsonBody } from './json-body.js';

// The body of a request, read as its catalog route's body kind says (schemas/src/routes.ts), with
// the spec's error texts: 415 for a declared type the route does not take, 400 for an empty body
// where one is required or bytes that do not parse, 413 over the limit. JSON bodies (and the JSON
// form of json-or-protobuf ones) are then checked against the request schema (422).

const PROTOBUF_TYPE = /^application\/(x-protobuf|protobuf|x-protobuffer|vnd\.google\.protobuf)\s*(;|$)/i;
const OCTET_STREAM = /^application\/octet-stream\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** What each protobuf message a catalog route takes decodes to (before any schema check). */
export interface ProtoBodies {
  'parley.v1.SttRequest': Partial<SttRequest>;
  'parley.v1.SessionTTSRequest': SessionTtsRequestData;
}

/** The decoder of each protobuf message a catalog route takes. */
const DECODERS: { [Message in keyof ProtoBodies]: (bytes: Uint8Array) => ProtoBodies[Message] } = {
  'parley.v1.SttRequest': decodeSttRequest,
  'parley.v1.SessionTTSRequest': decodeTtsRequest,
};

/** An `audio` body: the file's bytes and its declared media type. */
export interface AudioBody {
  bytes: Buffer;
  contentType: string;
}

export interface BodyRules {
  limitBytes: number;
  /** A JSON body may be omitted (read as `{}`): the request schema has no required field. */
  required: boolean;
}

/** The request's body as the route's handler receives it (before validation). */
export async function readRequestBody(
  route: RouteSpec,
  req: IncomingMessage,
  rules: BodyRules,
): Promise<unknown> {
  const type = req.headers['content-type'];
  switch (route.body) {
    case 'none':
      return undefined;
    case 'json':
      return readJsonBody(req, rules);
    case 'json-or-protobuf':
      if (type !== undefined && PROTOBUF_TYPE.test(type)) return readProtobuf(route, req, rules.limitBytes);
      return readJsonBody(req, rules).catch((error: unknown) => {
        // The JSON reader names only JSON; this route takes protobuf as well.
        if (!(error instanceof ApiError) || error.code !== 'UNSUPPORTED_MEDIA_TYPE') throw error;
        throw unsupported(`application/json or ${PROTO_CONTENT_TYPE}`, type);
      });
    case 'protobuf':
      // No Content-Type (or a generic binary one) is read as protobuf; a declared other type is refused.
      if (type === undefined || PROTOBUF_TYPE.test(type) || OCTET_STREAM.test(type)) {
        return readProtobuf(route, req, rules.limitBytes);
      }
      throw unsupported(PROTO_CONTENT_TYPE, type);
    case 'audio': {
      // The same media types an audio_url download accepts; a declared document type is refused.
      if (type === undefined || !isAcceptableAudioType(type))
        throw unsupported('an audio or video type', type);
      const bytes = await readBody(req, rules.limitBytes);
      if (bytes.length === 0) throw ApiError.badRequest(ErrorText.emptyBody);
      return { bytes, contentType: type } satisfies AudioBody;
    }
    case 'form-or-json':
      if (type !== undefined && FORM_TYPE.test(type)) {
        const text = (await readBody(req, rules.limitBytes)).toString('utf8');
        return Object.fromEntries(new URLSearchParams(text));
      }
      return readJsonBody(req, { ...rules, required: false });
  }
}

const isDecoded = (message: string): message is keyof ProtoBodies => Object.hasOwn(DECODERS, message);

/** `body` with the schema's defaults applied, or the RequestValidationError (422) it deserves. */
export function validRequest(schemaId: string, body: unknown): unknown {
  const result = validate(schemaId, body);
  if (!result.ok) throw new RequestValidationError(result.detail);
  return result.value;
}

async function readProtobuf(route: RouteSpec, req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const message = route.requestProto?.name;
  const decode = message !== undefined && isDecoded(message) ? DECODERS[message] : undefined;
  if (!decode) throw new Error(`route ${route.name}: no protobuf decoder for its request`);
  const bytes = await readBody(req, limitBytes);
  if (bytes.length === 0) throw ApiError.badRequest(ErrorText.emptyBody);
  try {
    return decode(bytes);
  } catch (error) {
    // The spec's "Invalid JSON" row is about bodies that cannot be parsed; for a protobuf body the
    // text names the format the client actually sent.
    if (error instanceof ProtoDecodeError) throw ApiError.badRequest(error.message);
    throw error;
  }
}

function unsupported(wanted: string, type: string | undefined): ApiError {
  return new ApiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${wanted}, not ${type}`);
}

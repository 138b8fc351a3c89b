import { PROTO_CONTENT_TYPE, ProtoDecodeError } from '@parley/schemas/proto';
import type { RequestHandler, Response } from 'express';
import { ApiError } from '../core/api-error.js';
import { ErrorText } from '../core/contracts.js';
import { readBody } from './json-body.middleware.js';

// Protobuf request bodies (POST /v1/tts always, POST /v1/stt with Content-Type
// application/x-protobuf), with the same rules as JSON bodies: nothing sent is 400 "Empty request
// body", bytes that do not decode as the message are 400, a body over the limit is 413.

const PROTOBUF_TYPE = /^application\/(x-protobuf|protobuf|x-protobuffer|vnd\.google\.protobuf)\s*(;|$)/i;

export function isProtobufType(contentType: string | undefined): boolean {
  return contentType !== undefined && PROTOBUF_TYPE.test(contentType);
}

/** Reads the body and sets `req.body` to `decode(bytes)`. */
export function protobufBody(limitBytes: number, decode: (bytes: Uint8Array) => unknown): RequestHandler {
  return async (req, _res, next) => {
    const bytes = await readBody(req, limitBytes);
    if (bytes.length === 0) throw ApiError.badRequest(ErrorText.emptyBody);
    try {
      req.body = decode(bytes);
    } catch (error) {
      // The spec's "Invalid JSON" row is about bodies that cannot be parsed; for a protobuf body the
      // text names the format the client actually sent.
      if (error instanceof ProtoDecodeError) throw ApiError.badRequest(error.message);
      throw error;
    }
    next();
  };
}

export function sendProtobuf(res: Response, status: number, bytes: Uint8Array): void {
  res.status(status).type(PROTO_CONTENT_TYPE).send(Buffer.from(bytes));
}

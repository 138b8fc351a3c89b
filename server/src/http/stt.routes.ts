import { validate } from '@parley/schemas';
import { decodeSttRequest, PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import type { SttRequest } from '@parley/schemas/types';
import { type RequestHandler, Router } from 'express';
import { ApiError, RequestValidationError } from '../core/api-error.js';
import { ErrorText } from '../core/contracts.js';
import type { SttService } from '../services/stt.service.js';
import { abortOnDisconnect } from './disconnect-signal.js';
import { jsonBody } from './json-body.middleware.js';
import { callerOf } from './locals.js';
import type { RouteKit } from './route-kit.js';
import { isProtobufType, protobufBody } from './speech-body.middleware.js';

// POST /v1/stt. Auth by the `api_key` (or `authorization`) query parameter; body JSON or, with
// Content-Type application/x-protobuf, parley.v1.SttRequest. Both bodies meet the same validation:
// a missing or empty audio_url is the spec's 400 "Missing audio_url", other schema failures 422.

export interface SttRouteOptions {
  queryAuth: RequestHandler;
  bodyLimitBytes: number;
}

export function sttRoutes(kit: RouteKit, stt: SttService, options: SttRouteOptions): Router {
  const router = Router();
  const json = jsonBody({ limitBytes: options.bodyLimitBytes, required: true });
  const protobuf = protobufBody(options.bodyLimitBytes, decodeSttRequest);
  const body: RequestHandler = async (req, res, next) => {
    if (isProtobufType(req.get('Content-Type'))) return protobuf(req, res, next);
    try {
      await json(req, res, next);
    } catch (error) {
      // The JSON reader names only JSON; this route takes protobuf as well.
      if (!(error instanceof ApiError) || error.code !== 'UNSUPPORTED_MEDIA_TYPE') throw error;
      throw new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Content-Type must be application/json or ${PROTO_CONTENT_TYPE}, not ${req.get('Content-Type')}`,
      );
    }
  };

  router.post(kit.pathOf('stt'), options.queryAuth, body, validSttBody, async (req, res) => {
    res.status(200).json(await stt.transcribe(callerOf(res), req.body as SttRequest, abortOnDisconnect(res)));
  });
  return router;
}

const validSttBody: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (isObject(body) && isBlank(body.audio_url)) throw ApiError.badRequest(ErrorText.missingAudioUrl);
  const result = validate<SttRequest>('stt.request', body);
  if (!result.ok) throw new RequestValidationError(result.detail);
  req.body = result.value;
  next();
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent, null or only spaces: all read as "no audio_url" (protobuf cannot tell '' from absent). */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

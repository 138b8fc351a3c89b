import {
  decodeTtsRequest,
  encodeTtsResponse,
  PROTO_CONTENT_TYPE,
  type SessionTtsRequestData,
} from '@parley/schemas/proto';
import { type RequestHandler, Router } from 'express';
import { ApiError } from '../core/api-error.js';
import { TtsGenerationError, type TtsService } from '../services/tts.service.js';
import { callerOf, logOf } from './locals.js';
import type { RouteKit } from './route-kit.js';
import { isProtobufType, protobufBody, sendProtobuf } from './speech-body.middleware.js';

// POST /v1/tts: SessionTTSRequest in, SessionTTSResponse out (both application/x-protobuf).
// Two kinds of failure, two bodies:
// - reading the request (auth, Content-Type, empty or undecodable body, a missing field): the
//   api-error JSON body every route uses, with the spec's texts;
// - producing the audio (engine unavailable 503, text with nothing to speak 400, "TTS generation
//   failed" 500, "Storage upload failed" 500): a SessionTTSResponse with `error` set and an empty
//   audio_url, as the spec says generation failures are reported, under the matching status.

export interface TtsRouteOptions {
  queryAuth: RequestHandler;
  bodyLimitBytes: number;
}

export function ttsRoutes(kit: RouteKit, tts: TtsService, options: TtsRouteOptions): Router {
  const router = Router();
  const protobuf = protobufBody(options.bodyLimitBytes, decodeTtsRequest);
  // No Content-Type (or a generic binary one) is read as protobuf; a declared other type is refused.
  const body: RequestHandler = (req, res, next) => {
    const type = req.get('Content-Type');
    if (type === undefined || isProtobufType(type) || /^application\/octet-stream\s*(;|$)/i.test(type)) {
      return protobuf(req, res, next);
    }
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${PROTO_CONTENT_TYPE}, not ${type}`);
  };

  router.post(kit.pathOf('tts'), options.queryAuth, body, async (req, res) => {
    try {
      const audioUrl = await tts.synthesize(callerOf(res), req.body as SessionTtsRequestData);
      sendProtobuf(res, 200, encodeTtsResponse({ audio_url: audioUrl, error: '' }));
    } catch (error) {
      if (!(error instanceof TtsGenerationError)) throw error;
      if (error.status >= 500) logOf(res)?.warn({ err: error.cause ?? error }, 'tts failed');
      sendProtobuf(res, error.status, encodeTtsResponse({ audio_url: '', error: error.message }));
    }
  });
  return router;
}

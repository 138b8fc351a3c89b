import type { SttRequest } from '@parley/schemas/types';
import { ApiError } from '../../../core/api-error.js';
import { ErrorText } from '../../../core/contracts.js';
import { JsonReply } from '../../../http/reply.js';
import type { RouteKit } from '../../../http/route-kit.js';
import type { SttService } from '../../../services/speech/stt.service.js';
import type { SttCallbackService } from '../../../services/speech/stt-callbacks.js';

// POST /v1/stt: JSON or parley.v1.SttRequest (the catalog's json-or-protobuf body), auth by the
// `api_key` query parameter. Both bodies meet the same validation: a missing or empty audio_url is
// the spec's 400 "Missing audio_url", other schema failures 422. Without callback_url the answer
// is the spec's, unchanged; with it (a Parley extension) 202 stt-accepted.response.

export function sttRoutes(kit: RouteKit, stt: SttService, callbacks: SttCallbackService): void {
  kit.mount(
    'stt',
    async (body, caller, { signal }) => {
      // Parley extension: with a callback_url the answer is 202 at once and the result is POSTed later.
      const { callback_url } = body;
      if (isBlank(callback_url)) return stt.transcribe(caller, withoutCallback(body), signal);
      const accepted = await callbacks.accept(caller, { ...body, callback_url: String(callback_url) });
      return new JsonReply(accepted, {}, 202);
    },
    { precheck: requireAudioUrl },
  );
}

/** A protobuf body's empty callback_url is its absence (proto3 cannot tell them apart). */
function withoutCallback(body: SttRequest): SttRequest {
  const { callback_url: _url, ...rest } = body;
  return rest;
}

function requireAudioUrl(body: unknown): void {
  if (isObject(body) && isBlank(body.audio_url)) throw ApiError.badRequest(ErrorText.missingAudioUrl);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Absent, null or only spaces: all read as "no audio_url" (protobuf cannot tell '' from absent). */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

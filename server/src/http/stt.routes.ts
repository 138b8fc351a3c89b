import { ApiError } from '../core/api-error.js';
import { ErrorText } from '../core/contracts.js';
import type { SttService } from '../services/speech/stt.service.js';
import type { RouteKit } from './route-kit.js';

// POST /v1/stt: JSON or parley.v1.SttRequest (the catalog's json-or-protobuf body), auth by the
// `api_key` query parameter. Both bodies meet the same validation: a missing or empty audio_url is
// the spec's 400 "Missing audio_url", other schema failures 422.

export function sttRoutes(kit: RouteKit, stt: SttService): void {
  kit.mount('stt', (body, caller, { signal }) => stt.transcribe(caller, body, signal), {
    precheck: requireAudioUrl,
  });
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

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Limits } from '../core/contracts.js';
import { listItems } from '../engines/stt/recognition-hints.js';
import { activeFaults } from './faults.catalog.js';

// Faults that break the spec's rules of lenience: what a deployment must still accept (a fourth
// language hint, keywords past 2,000 characters, the comma-separated and legacy forms, a protobuf
// body, the ends of a range, ten targets, 100,000 characters). They depend on the request's body, so
// its bytes are held as the route reads them (never read ahead of it) and handed on whole: a fault
// may rewrite them first, or note the refusal such a deployment gives, which replaces the answer.

type Json = Record<string, unknown>;

export interface Refusal {
  status: number;
  body: Json;
}

const FAULT_IDS = [
  'stt-fourth-hint-refused',
  'stt-hints-keep-last',
  'stt-comma-hints-refused',
  'stt-legacy-hint-refused',
  'stt-keywords-refused',
  'stt-protobuf-refused',
  'stt-protobuf-layout-415',
  'denoise-atten-max-refused',
  'denoise-atten-past-500',
  'translate-ten-targets-refused',
  'translate-long-text-refused',
  'tts-english-only',
  'messages-default-limit-100',
  'people-default-limit-50',
  'optional-body-refused',
  'translate-names-refused',
  'null-optional-refused',
];

/** The routes with optional fields the spec types "X or null". */
const NULLABLE = [
  '/v1/get-meeting-summary',
  '/v1/summarize-meeting',
  '/v1/ask-ai-for-meeting',
  '/v1/get-live-transcription-chunks',
  '/v1/get-transcript-utterances',
];
/** The routes whose bodies these faults read. */
const PATHS = [
  '/v1/stt',
  '/v1/denoise',
  '/v1/translate-text',
  '/v1/tts',
  '/v1/get-meeting-messages',
  '/v1/get-my-people',
  '/v1/get-meetings',
  '/v1/get-user-default-meeting-setting',
  ...NULLABLE,
];

/** A language given as a code (or `auto`), not a name: what translate-names-refused lets through. */
const LANGUAGE_CODE = /^([a-z]{2,3}(-[A-Za-z0-9]+)*|auto)$/;

const OPTIONAL_BODY = ['/v1/get-meetings', '/v1/get-user-default-meeting-setting', '/v1/get-my-people'];

/** A default page size the route would apply if the request named none, per fault. */
const BIGGER_DEFAULT: Record<string, [fault: string, limit: number]> = {
  '/v1/get-meeting-messages': ['messages-default-limit-100', 100],
  '/v1/get-my-people': ['people-default-limit-50', 50],
};

const refusals = new WeakMap<ServerResponse, Refusal>();

/** Holds the body of the routes these faults see, rewrites it when one says so, and notes a refusal. */
export function tapRequestBody(req: IncomingMessage, res: ServerResponse, path: string): void {
  if (!FAULT_IDS.some(activeFaults.has)) return;
  if (!PATHS.includes(path)) return;
  const chunks: Buffer[] = [];
  const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'data') {
      chunks.push(Buffer.from(args[0] as Uint8Array));
      return true;
    }
    if (event === 'end') {
      const type = String(req.headers['content-type'] ?? '');
      const body = rewrite(path, Buffer.concat(chunks));
      const refusal = refusalOf(path, type, body);
      if (refusal) refusals.set(res, refusal);
      if (body.length > 0) emit('data', body);
    }
    return emit(event, ...args);
  }) as typeof req.emit;
}

/** The refusal noted for the request this answers, if a fault refused it. */
export const refusalFor = (res: ServerResponse): Refusal | undefined => refusals.get(res);

/** listItems of a value read from a body or query as it came: anything not a string or list is none. */
export function hintItems(value: unknown): string[] {
  return listItems(typeof value === 'string' ? value : Array.isArray(value) ? value.map(String) : undefined);
}

/** A JSON object body, or undefined. */
export function jsonOf(bytes: Buffer): Json | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * stt-hints-keep-last: a deployment that keeps the last three hints, not the first three.
 * messages-default-limit-100, people-default-limit-50: a bigger page when the request names none.
 */
function rewrite(path: string, bytes: Buffer): Buffer {
  const bigger = BIGGER_DEFAULT[path];
  if (bigger && activeFaults.has(bigger[0])) {
    const body = jsonOf(bytes.length > 0 ? bytes : Buffer.from('{}'));
    if (!body || body.limit !== undefined) return bytes;
    return Buffer.from(JSON.stringify({ ...body, limit: bigger[1] }));
  }
  if (path !== '/v1/stt' || !activeFaults.has('stt-hints-keep-last')) return bytes;
  const body = jsonOf(bytes);
  if (!body || body.language_hints === undefined) return bytes;
  return Buffer.from(
    JSON.stringify({
      ...body,
      language_hints: hintItems(body.language_hints).slice(-Limits.languageHintsKept),
    }),
  );
}

const invalid = (field: string, msg: string, type: string, input: unknown): Refusal => ({
  status: 422,
  body: { detail: [{ loc: ['body', field], msg, type, input }] },
});

function refusalOf(path: string, type: string, bytes: Buffer): Refusal | undefined {
  const on = activeFaults.has;
  // optional-body-refused: the routes whose body the spec makes optional refuse a request without one.
  if (bytes.length === 0 && on('optional-body-refused') && OPTIONAL_BODY.includes(path))
    return { status: 400, body: { success: false, error: 'Empty request body', code: 'BAD_REQUEST' } };
  if (path === '/v1/tts')
    // UTF-8 bytes past ASCII: text in any language but English.
    return on('tts-english-only') && bytes.some((b) => b >= 0x80)
      ? { status: 500, body: { success: false, error: 'TTS generation failed', code: 'INTERNAL' } }
      : undefined;
  if (path === '/v1/stt' && type.includes('protobuf')) {
    const unsupported = {
      status: 415,
      body: { success: false, error: 'Only JSON bodies', code: 'UNSUPPORTED_MEDIA_TYPE' },
    };
    if (on('stt-protobuf-refused')) return unsupported;
    // A deployment that reads only the layout it knows and calls any other body an unsupported
    // media type: a body carrying no URL cannot be its SttRequest with an audio_url.
    if (on('stt-protobuf-layout-415') && !bytes.includes('://')) return unsupported;
  }
  const body = jsonOf(bytes);
  if (!body) return undefined;
  if (path === '/v1/stt') {
    const hints = body.language_hints;
    if (on('stt-fourth-hint-refused') && hintItems(hints).length > Limits.languageHintsKept)
      return invalid(
        'language_hints',
        `At most ${Limits.languageHintsKept} language hints`,
        'too_long',
        hints,
      );
    if (on('stt-comma-hints-refused') && typeof hints === 'string')
      return invalid('language_hints', 'Input should be a valid list', 'list_type', hints);
    if (on('stt-legacy-hint-refused') && body.language_hint !== undefined)
      return invalid(
        'language_hint',
        'Extra inputs are not permitted',
        'extra_forbidden',
        body.language_hint,
      );
    const keywords = hintItems(body.context_keywords).join('');
    if (on('stt-keywords-refused') && keywords.length > Limits.contextKeywordsChars)
      return invalid(
        'context_keywords',
        `At most ${Limits.contextKeywordsChars} characters`,
        'too_long',
        keywords.length,
      );
  }
  const atten = body.atten_limit_db;
  if (path === '/v1/denoise' && typeof atten === 'number') {
    if (on('denoise-atten-max-refused') && atten >= Limits.attenLimitDb.max)
      return invalid(
        'atten_limit_db',
        `Input should be less than ${Limits.attenLimitDb.max}`,
        'less_than',
        atten,
      );
    if (on('denoise-atten-past-500') && (atten < Limits.attenLimitDb.min || atten > Limits.attenLimitDb.max))
      return { status: 500, body: { success: false, error: 'Internal error', code: 'INTERNAL' } };
  }
  // null-optional-refused: a null where the spec types a field "X or null" is refused.
  const nulled = Object.keys(body).find((field) => body[field] === null);
  if (nulled && on('null-optional-refused') && (NULLABLE.includes(path) || path === '/v1/get-my-people'))
    return invalid(nulled, 'Input should be a valid string', 'string_type', null);
  if (path === '/v1/translate-text') {
    const targets = body.target_languages;
    // translate-names-refused: "codes or names" taken as codes only.
    const isName = (language: unknown) => typeof language === 'string' && !LANGUAGE_CODE.test(language);
    const named = (Array.isArray(targets) ? targets : []).find(isName);
    if (named && on('translate-names-refused'))
      return invalid('target_languages', `Unknown language code: ${named}`, 'value_error', named);
    if (isName(body.source_language) && on('translate-names-refused'))
      return invalid('source_language', 'Unknown language code', 'value_error', body.source_language);
    if (
      on('translate-ten-targets-refused') &&
      Array.isArray(targets) &&
      targets.length >= Limits.translateTargets
    )
      return invalid(
        'target_languages',
        `At most ${Limits.translateTargets - 1} targets`,
        'too_long',
        targets.length,
      );
    if (
      on('translate-long-text-refused') &&
      typeof body.text === 'string' &&
      body.text.length >= Limits.translateTextChars
    )
      return {
        status: 413,
        body: { success: false, error: 'Text too long', code: 'PAYLOAD_TOO_LARGE' },
      };
  }
  return undefined;
}

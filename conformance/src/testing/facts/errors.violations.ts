import { onPrefix } from '../blind/edits.js';
import { pathOf } from '../variant-proxy.js';
import { blindHooks, foreignForbidden, servedAsLastCaller } from './edits-rest.js';
import type { FactViolation } from './fact-violation.js';
import { faulted, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/errors/errors.facts.ts.

type Detail = Record<string, unknown>;
/** Each entry of a 422's validation detail changed by `edit`. */
const detailEdit = (edit: (d: Detail) => Detail) => () =>
  onPrefix('/v1/', (b, s) =>
    s === 422 && Array.isArray(b.detail) ? [s, { ...b, detail: (b.detail as Detail[]).map(edit) }] : [s, b],
  );
const hasKey = (h: Headers) => h.has('x-api-key') || h.has('authorization');
const meetingRoute = (path: string) =>
  path.startsWith('/v1/') && !/^\/v1\/(stt|tts|denoise|translate-text)/.test(path);

export const errorsViolations: readonly FactViolation[] = [
  proxied(
    'errors.validation.detail.array',
    'one-line',
    'the 422 detail flattened into one string',
    blindHooks('validation-detail-string'),
  ),
  proxied(
    'errors.validation.loc.type',
    'dotted',
    'loc written as one dotted string',
    detailEdit((d) => ({ ...d, loc: (d.loc as unknown[]).join('.') })),
  ),
  proxied(
    'errors.validation.msg.type',
    'dropped',
    'the validation entries without msg',
    detailEdit(({ msg: _, ...d }) => d),
  ),
  proxied(
    'errors.validation.type.type',
    'number',
    'the validation entries with a numeric type',
    detailEdit((d) => ({ ...d, type: 7 })),
  ),
  proxied(
    'errors.validation.ctx.type',
    'string',
    'ctx a string',
    detailEdit((d) => ({ ...d, ctx: `limit ${String(d.msg)}` })),
  ),
  proxied(
    'errors.malformed.refused',
    'coerced',
    'a number given as title stored as its text',
    blindHooks('create-meeting-title-coerced'),
    // create-meeting's invalid bodies are sent in the full profile only (one accepted makes a meeting).
    { profile: 'full' },
  ),
  faulted('errors.auth.key.required', 'auth-bypass', 'a request without a key served as the last caller'),
  proxied(
    'errors.auth.denoise.key.required',
    'last-caller',
    'denoise without a key served as the last caller',
    () => servedAsLastCaller('/v1/denoise'),
  ),
  proxied('errors.auth.missing.status', '403', 'a request without a key answered 403', () =>
    onPrefix('/v1/', (b, s, req) =>
      s === 401 && !hasKey(req.headers) && !req.path.includes('api_key=') ? [403, b] : [s, b],
    ),
  ),
  proxied(
    'errors.auth.missing.text',
    'says-invalid',
    'a missing key called an invalid one',
    blindHooks('missing-key-says-invalid'),
  ),
  proxied(
    'errors.auth.invalid.status',
    '403',
    'an invalid key answered 403 FORBIDDEN',
    blindHooks('invalid-key-403'),
  ),
  proxied('errors.auth.invalid.text', 'unauthorized', 'an invalid key\'s 401 says "Unauthorized"', () =>
    onPrefix('/v1/', (b, s) =>
      s === 401 && b.error === 'Invalid API key' ? [s, { ...b, error: 'Unauthorized' }] : [s, b],
    ),
  ),
  faulted('errors.body.success', 'error-shape', 'error bodies without success'),
  proxied('errors.body.error', 'object', 'error an object {message}', () =>
    onPrefix('/v1/', (b, s, req) =>
      s >= 400 && typeof b.error === 'string' && meetingRoute(pathOf(req))
        ? [s, { ...b, error: { message: b.error } }]
        : [s, b],
    ),
  ),
  proxied('errors.body.code', 'dropped', 'error bodies without code', () =>
    onPrefix('/v1/', (b, s) => {
      const { code: _, ...rest } = b;
      return [s, s >= 400 && b.success === false ? rest : b];
    }),
  ),
  faulted('errors.body.not-found-code', 'wrong-error-code', 'NOT_FOUND reported as MEETING_NOT_FOUND'),
  proxied('errors.status.401', 'as-400', 'a missing or invalid key answered 400', () =>
    onPrefix('/v1/', (b, s, req) => (s === 401 && meetingRoute(pathOf(req)) ? [400, b] : [s, b])),
  ),
  faulted('errors.status.400', '5xx-on-bad-input', '400 and 422 answered as 500'),
  faulted('errors.status.404.meeting', 'not-found-200', 'a 404 answered as 200'),
  proxied(
    'errors.status.404.message',
    'delete-unknown-200',
    'deleting an unknown message succeeds',
    blindHooks('delete-unknown-message-succeeds'),
  ),
  proxied(
    'errors.isolation.foreign-404',
    'forbidden',
    "another account's meeting answered 403 FORBIDDEN",
    foreignForbidden,
  ),
  faulted(
    'errors.isolation.reads',
    'foreign-meetings-listed',
    "get-meetings lists another account's meetings",
  ),
  faulted(
    'errors.isolation.writes',
    'foreign-write-accepted',
    "a write to another account's meeting answered 200",
  ),
  proxied(
    'errors.validation.422-body',
    'generic',
    'validation failures a 422 with the generic error body',
    () =>
      onPrefix('/v1/', (b, s, req) =>
        s === 400 && meetingRoute(pathOf(req)) && b.success === false ? [422, b] : [s, b],
      ),
  ),
];

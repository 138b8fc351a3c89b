import type { Variant } from '../../variant-edits.js';
import { type Answer, type Exchange, pathOf } from '../../variant-proxy.js';
import { type Json, reply } from '../edits.js';
import { errorBody, onJson } from './edits5.js';

// Error violations of the fifth blind set on the meeting REST interface: statuses, error bodies,
// key handling. Each breaks one fact of the Errors or Authentication parts, quoted in `allows`.

const isRest = (path: string) => path.startsWith('/v1/') && !/^\/v1\/(stt|tts|translate-text)/.test(path);
const restErrors = (edit: (body: Json, status: number, req: Exchange) => [number, unknown]) => ({
  answer: onJson(
    (path) => isRest(path),
    (b, s, req) => (s >= 400 ? edit(b, s, req) : [s, b]),
  ),
});

export const SET5_ERROR_VIOLATIONS: Variant[] = [
  {
    id: 's5-rest-errors-no-code',
    area: 'errors',
    allows: 'Meeting REST error body (generic form): `{success: false, error: string, code: string}`',
    only: [],
    hooks: () =>
      restErrors((b, s) => [s, 'code' in b && 'error' in b ? (({ code: _c, ...rest }) => rest)(b) : b]),
  },
  {
    id: 's5-not-found-code-lowercase',
    area: 'errors',
    allows: 'the code value seen is `NOT_FOUND` for an unknown meeting',
    only: [],
    hooks: () => restErrors((b, s) => [s, b.code === 'NOT_FOUND' ? { ...b, code: 'not_found' } : b]),
  },
  {
    id: 's5-invalid-key-403',
    area: 'errors',
    allows: 'Status codes for the meeting REST interface: 401 invalid or missing key',
    only: [],
    hooks: () => restErrors((b, s) => [s === 401 && b.error === 'Invalid API key' ? 403 : s, b]),
  },
  {
    id: 's5-missing-key-words',
    area: 'errors',
    allows:
      'A missing key gives 401 ("Missing authorization"); an invalid key gives 401 ("Invalid API key").',
    only: [],
    hooks: () =>
      restErrors((b, s) => [
        s,
        s === 401 && b.error === 'Missing authorization' ? { ...b, error: 'Unauthorized' } : b,
      ]),
  },
  {
    id: 's5-rest-bearer-refused',
    area: 'errors',
    allows:
      'The machine-readable description also allows an HTTP bearer credential (`Authorization: Bearer <ACCESS_TOKEN>`) as an alternative on these endpoints.',
    only: [],
    hooks: () => ({
      answer: (req: Exchange, a: Answer) =>
        isRest(pathOf(req)) &&
        !req.headers.get('x-api-key') &&
        /^bearer /i.test(req.headers.get('authorization') ?? '')
          ? reply(a, 401, errorBody('Missing authorization', 'UNAUTHORIZED'))
          : a,
    }),
  },
  {
    id: 's5-rest-invalid-json-500',
    area: 'errors',
    allows: '400 invalid request body',
    only: [],
    // The parser's exception escapes to the generic handler.
    hooks: () =>
      restErrors((b, s) =>
        s === 400 && b.error === 'Invalid JSON'
          ? [500, errorBody('Internal server error', 'INTERNAL')]
          : [s, b],
      ),
  },
  {
    id: 's5-validation-generic-body',
    area: 'errors',
    allows:
      'The machine-readable description declares 422 for request validation failures, with the validation error body given under Resources.',
    only: [],
    hooks: () =>
      restErrors((b, s) =>
        s === 422 && Array.isArray(b.detail)
          ? [422, errorBody('Request validation failed', 'VALIDATION_ERROR')]
          : [s, b],
      ),
  },
  {
    id: 's5-validation-loc-dotted',
    area: 'errors',
    allows:
      '`{detail: array of {loc: (string or integer)[], msg: string, type: string, input: any (optional), ctx: object (optional)}}`',
    only: [],
    hooks: () =>
      restErrors((b, s) =>
        s === 422 && Array.isArray(b.detail)
          ? [
              s,
              {
                detail: (b.detail as Json[]).map((d) => ({
                  ...d,
                  loc: Array.isArray(d.loc) ? d.loc.join('.') : d.loc,
                })),
              },
            ]
          : [s, b],
      ),
  },
];

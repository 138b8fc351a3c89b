import type { Variant } from '../../variant-edits.js';
import { pathOf } from '../../variant-proxy.js';
import { reply } from '../edits.js';
import { onJson } from '../set5/edits5.js';
import { type Json, listOf } from './edits6.js';

// Meeting REST error violations of the sixth blind set: statuses, the generic error body, the
// key errors and the 422 validation body.

/** The meeting REST routes (not the speech, audio and translation routes under /v1). */
const OTHER = new Set(['/v1/stt', '/v1/tts', '/v1/translate-text', '/v1/denoise']);
const rest = (path: string) => path.startsWith('/v1/') && !OTHER.has(path);
const isNotFound = (b: Json) => b.success === false && b.code === 'NOT_FOUND';

export const SET6_ERROR_VIOLATIONS: Variant[] = [
  {
    id: 's6-err-unknown-meeting-400',
    area: 'errors',
    allows: '404 resource not found (unknown meeting or message id)',
    only: [],
    // Unknown ids are reported as bad input.
    hooks: () => ({ answer: onJson(rest, (b, s) => [s === 404 && isNotFound(b) ? 400 : s, b]) }),
  },
  {
    id: 's6-err-body-without-success',
    area: 'errors',
    allows: 'Meeting REST error body (generic form): `{success: false, error: string, code: string}`',
    only: [],
    // Errors carry only error and code.
    hooks: () => ({
      answer: onJson(rest, (b, s) => {
        if (s < 400 || b.success !== false) return [s, b];
        const { success: _, ...rest } = b;
        return [s, rest];
      }),
    }),
  },
  {
    id: 's6-err-invalid-key-403',
    area: 'errors',
    allows:
      'A missing key gives 401 ("Missing authorization"); an invalid key gives 401 ("Invalid API key").',
    only: [],
    // A key that is not recognised is treated as a forbidden one.
    hooks: () => ({
      answer: onJson(rest, (b, s) => [s === 401 && b.error === 'Invalid API key' ? 403 : s, b]),
    }),
  },
  {
    id: 's6-err-missing-key-words',
    area: 'errors',
    allows:
      'A missing key gives 401 ("Missing authorization"); an invalid key gives 401 ("Invalid API key").',
    only: [],
    hooks: () => ({
      answer: onJson(rest, (b, s) => [
        s,
        s === 401 && b.error === 'Missing authorization' ? { ...b, error: 'Unauthorized' } : b,
      ]),
    }),
  },
  {
    id: 's6-err-broken-json-500',
    area: 'errors',
    allows: '400 invalid request body',
    only: [],
    // The JSON parser's exception reaches the generic handler.
    hooks: () => ({
      answer(req, a) {
        if (!rest(pathOf(req)) || a.status !== 400 || !a.body.toString('utf8').includes('Invalid JSON'))
          return a;
        return reply(a, 500, { success: false, error: 'Unexpected token in JSON', code: 'INTERNAL' });
      },
    }),
  },
  {
    id: 's6-err-422-loc-dotted',
    area: 'errors',
    allows:
      '`{detail: array of {loc: (string or integer)[], msg: string, type: string, input: any (optional), ctx: object (optional)}}`',
    only: [],
    // loc as one dotted path string.
    hooks: () => ({
      answer: onJson(rest, (b, s) => [
        s,
        s === 422
          ? { detail: listOf(b, 'detail').map((d) => ({ ...d, loc: (d.loc as unknown[]).join('.') })) }
          : b,
      ]),
    }),
  },
  {
    id: 's6-err-422-without-type',
    area: 'errors',
    allows:
      '`{detail: array of {loc: (string or integer)[], msg: string, type: string, input: any (optional), ctx: object (optional)}}`',
    only: [],
    hooks: () => ({
      answer: onJson(rest, (b, s) => [
        s,
        s === 422 ? { detail: listOf(b, 'detail').map(({ type: _, ...d }) => d) } : b,
      ]),
    }),
  },
];

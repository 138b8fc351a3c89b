import { editRequestJson, type Variant } from '../variant-edits.js';
import { onAnswer, onPrefix } from './edits.js';

// Deployments whose error answers break the spec's statuses, texts and bodies.

const errors = (id: string, allows: string, hooks: Variant['hooks']): Variant => ({
  id,
  area: 'errors',
  allows,
  only: [],
  hooks,
});

const hasCredential = (h: Headers) => h.has('x-api-key') || h.has('authorization');

export const ERROR_VIOLATIONS: readonly Variant[] = [
  errors(
    'missing-key-says-invalid',
    'Authentication: "A missing key gives 401 ("Missing authorization"); an invalid key gives 401 ("Invalid API key")."',
    // One message for both cases on the meeting REST routes.
    () =>
      onPrefix('/v1/', (b, s, req) =>
        s === 401 && !hasCredential(req.headers) && !req.path.includes('api_key=')
          ? [s, { ...b, error: 'Invalid API key' }]
          : [s, b],
      ),
  ),
  errors('invalid-key-403', 'Errors: "401 invalid or missing key"', () =>
    onPrefix('/v1/', (b, s) =>
      s === 401 && b.error === 'Invalid API key' ? [403, { ...b, code: 'FORBIDDEN' }] : [s, b],
    ),
  ),
  errors(
    'not-found-body-framework-default',
    'Errors: "Meeting REST error body (generic form): `{success: false, error: string, code: string}`"',
    // The web framework's own 404 body instead of the service's.
    () => onPrefix('/v1/', (b, s) => (s === 404 ? [s, { detail: 'Not Found' }] : [s, b])),
  ),
  errors(
    'summarize-unknown-meeting-500',
    'Errors: "404 resource not found (unknown meeting or message id)"',
    () =>
      onAnswer('/v1/summarize-meeting', (b, s) =>
        s === 404 ? [500, { success: false, error: 'Internal Server Error', code: 'INTERNAL' }] : [s, b],
      ),
  ),
  errors(
    'validation-detail-string',
    'Validation error body: "{detail: array of {loc: (string or integer)[], msg: string, type: string, ...}}"',
    // A custom handler that flattens the errors into one line.
    () =>
      onPrefix('/v1/', (b, s) => {
        if (s !== 422 || !Array.isArray(b.detail)) return [s, b];
        const line = (b.detail as { loc: unknown[]; msg: string }[])
          .map((d) => `${d.loc.join('.')}: ${d.msg}`)
          .join('; ');
        return [s, { detail: line }];
      }),
  ),
  errors('invalid-json-500', 'Errors: "400 invalid request body; 404 ...; 500 internal error"', () =>
    onPrefix('/v1/', (b, s) =>
      s === 400 && b.error === 'Invalid JSON'
        ? [500, { success: false, error: 'Internal Server Error', code: 'INTERNAL' }]
        : [s, b],
    ),
  ),
  errors(
    'create-meeting-title-coerced',
    'Endpoints: "Malformed input gives an error as described under Errors." (title is "string")',
    // A number given as title is stored as its text instead of being refused.
    () => ({
      request: editRequestJson('/v1/create-meeting', (b) =>
        typeof b.title === 'number' ? { ...b, title: String(b.title) } : b,
      ),
    }),
  ),
];

import type { Fact } from '../../facts/fact.js';
import { factBuilders } from '../../facts/fact-builders.js';

// The facts of the spec's part this folder checks (README.md beside index.ts), one per cell or clause:
// the meeting REST error body and statuses, the Authentication part's key and texts, the validation
// error body, and isolation between accounts (another account's meeting is unknown to the caller).

const { judged, unjudged: open } = factBuilders('errors');

const KEYS =
  'key issuance happens in the account settings, outside the interface the spec shows; an interface to issue keys would let a client judge it';
const NOT_SHOWN =
  'the spec leaves it open ("not shown"): no rule a deployment can break; a rule in the spec would let one';
const VALIDATION = 'S-validation-error-body-01';
const AUTH = 'errors.01.auth-texts';
const SCHEMA = 'errors.03.schema-violations';
const UNKNOWN = 'errors.04.unknown-ids';

export const errorsFacts: readonly Fact[] = [
  judged('validation.detail.array', 'type', 'MUST', VALIDATION, '{detail: array of {…}}', [SCHEMA]),
  judged('validation.loc.type', 'type', 'MUST', VALIDATION, 'loc: (string or integer)[]', [SCHEMA]),
  judged('validation.msg.type', 'type', 'MUST', VALIDATION, 'msg: string', [SCHEMA]),
  judged('validation.type.type', 'type', 'MUST', VALIDATION, 'type: string', [SCHEMA]),
  open(
    'validation.input.any',
    'presence',
    'lenience',
    VALIDATION,
    'input: any (optional)',
    'any value and its absence are allowed: nothing a deployment writes there breaks it',
  ),
  judged('validation.ctx.type', 'type', 'MUST', VALIDATION, 'ctx: object (optional)', [SCHEMA]),
  judged(
    'malformed.refused',
    'error',
    'MUST',
    'S-endpoints-05',
    'Malformed input gives an error as described under Errors.',
    [SCHEMA, 'errors.02.invalid-json'],
  ),
  open(
    'keys.issued',
    'descriptive',
    'descriptive',
    'S-authentication-01',
    'Keys are issued by the account holder in the account settings',
    KEYS,
  ),
  open('keys.at-most-5', 'limit', 'MUST', 'S-authentication-01', 'an account may hold up to 5 keys', KEYS),
  judged(
    'auth.key.required',
    'auth',
    'MUST',
    'S-authentication-02',
    'Meeting REST endpoints [...]: the header `X-API-Key: <API_KEY>` is required.',
    [AUTH],
  ),
  judged(
    'auth.denoise.key.required',
    'auth',
    'MUST',
    'S-authentication-02',
    'the denoise endpoint: the header `X-API-Key: <API_KEY>` is required',
    [AUTH],
  ),
  judged('auth.missing.status', 'error', 'MUST', 'S-authentication-11', 'A missing key gives 401', [AUTH]),
  judged('auth.missing.text', 'error', 'MUST', 'S-authentication-11', '("Missing authorization")', [AUTH]),
  judged('auth.invalid.status', 'error', 'MUST', 'S-authentication-11', 'an invalid key gives 401', [AUTH]),
  judged('auth.invalid.text', 'error', 'MUST', 'S-authentication-11', '("Invalid API key")', [AUTH]),
  judged(
    'body.success',
    'error',
    'MUST',
    'S-errors-01',
    'Meeting REST error body (generic form): `{success: false, …}`',
    [UNKNOWN],
  ),
  judged('body.error', 'error', 'MUST', 'S-errors-01', '`{…, error: string, …}`', [UNKNOWN]),
  judged('body.code', 'error', 'MUST', 'S-errors-01', '`{…, code: string}`', [UNKNOWN]),
  judged(
    'body.not-found-code',
    'error',
    'MUST',
    'S-errors-01',
    'the code value seen is `NOT_FOUND` for an unknown meeting',
    [UNKNOWN],
  ),
  judged('status.401', 'error', 'MUST', 'S-errors-02', '401 invalid or missing key', [AUTH]),
  judged('status.400', 'error', 'MUST', 'S-errors-02', '400 invalid request body', [
    'errors.02.invalid-json',
    SCHEMA,
    'errors.05.no-5xx-for-bad-input',
  ]),
  judged(
    'status.404.meeting',
    'error',
    'MUST',
    'S-errors-02',
    '404 resource not found (unknown meeting [...] id)',
    [UNKNOWN],
  ),
  judged(
    'status.404.message',
    'error',
    'MUST',
    'S-errors-02',
    '404 resource not found (unknown [...] message id)',
    ['rest.12.message-delete-effects'],
  ),
  open(
    'status.500',
    'error',
    'MUST',
    'S-errors-02',
    '500 internal error',
    'a client cannot make a deployment fail inside: the run has no input that causes an internal error',
  ),
  judged(
    'isolation.foreign-404',
    'error',
    'MUST',
    'S-errors-02',
    "404 resource not found: another account's meeting is unknown to the caller",
    ['errors.06.second-account-404'],
  ),
  judged(
    'isolation.reads',
    'auth',
    'MUST',
    'S-errors-02',
    "another account's meetings are not the caller's: never listed",
    ['errors.07.second-account-reads'],
  ),
  judged(
    'isolation.writes',
    'auth',
    'MUST',
    'S-errors-02',
    "another account's meeting is unknown to the caller: a write to it is a 404",
    ['errors.08.second-account-writes'],
  ),
  judged(
    'validation.422-body',
    'error',
    'MUST',
    'S-errors-03',
    'declares 422 for request validation failures, with the validation error body given under Resources',
    [SCHEMA, 'errors.02.invalid-json'],
  ),
  open(
    'codes.other',
    'enum',
    'descriptive',
    'S-errors-16',
    'Other values of the `code` field, and which endpoints yield 404: not shown.',
    NOT_SHOWN,
  ),
  open(
    'other-interfaces',
    'error',
    'descriptive',
    'S-errors-17',
    'Error responses of the automation-platform interface and of translate-text and denoise: not shown.',
    NOT_SHOWN,
  ),
  open('keys.limit-row', 'limit', 'MUST', 'S-limits-01', 'API keys per account | 5 | key issuance', KEYS),
];

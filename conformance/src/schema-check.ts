import { getSchema, type ValidationDetail, type ValidationResult, validate } from '@parley/schemas';
import type { SchemaId, Validated } from '@parley/schemas/schema-types';
import { choice, deviate, expect, fail, verify } from './check.js';
import type { FailureCode } from './failure-codes.js';
import type { Reply } from './http-client.js';
import { at, jsonPath } from './json-path.js';

// Answer checks shared by the areas: a status, a JSON content type, a body matching its schema, the
// spec's error bodies. Where the spec gives only a shape (the error body, the validation detail) the
// shape is checked as the spec words it, and Parley's stricter schema only as a choice(). `what` names
// the answer in every deviation's path: a fixed label (a route, a case), never data of the run.
// Every problem of a body is reported, not only the first; a wrong status ends the check (nothing
// after it would mean much).

export function expectStatus(reply: Reply, status: number, what: string): void {
  expect(
    reply.status === status,
    'STATUS',
    `${what}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 200)}`,
    at(what, 'status', status, reply.status),
  );
}

/** A status check that lets the check go on with its other cases; says whether it held. */
export function verifyStatus(reply: Reply, status: number, what: string): boolean {
  return verify(
    reply.status === status,
    'STATUS',
    `${what}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 200)}`,
    at(what, 'status', status, reply.status),
  );
}

/** A validator's detail `type` as a failure code. */
const codeOf = (type: string): FailureCode =>
  type === 'missing'
    ? 'MISSING_FIELD'
    : /_type$|^int_from_float$|^none_required$/.test(type)
      ? 'TYPE'
      : 'SCHEMA';

/** A validator's detail items as deviations of the answer `what`. */
const problemsOf = (schemaId: string, detail: readonly ValidationDetail[], what: string) =>
  detail.map((d) => {
    const path = jsonPath(d.loc);
    return {
      code: codeOf(d.type),
      message: `${what}: ${path} does not match ${schemaId}: ${d.msg}`,
      at: at(what, path, d.msg, d.input),
    };
  });

/** How deep extra fields can nest inside one another (each level is one more validation). */
const EXTRA_DEPTH = 8;

/** Deletes the field a detail's `loc` names from `body` (a copy); false where the path is not there. */
function dropAt(body: unknown, loc: readonly (string | number)[]): boolean {
  let node: unknown = body;
  for (const part of loc.slice(0, -1)) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string | number, unknown>)[part];
  }
  const last = loc[loc.length - 1];
  if (!node || typeof node !== 'object' || last === undefined || !(last in node)) return false;
  delete (node as Record<string | number, unknown>)[last];
  return true;
}

const declared = new Map<string, Set<string>>();

/** Every field name the schema `schemaId` declares anywhere (its branches, $defs and the schemas it refers to). */
function declaredNames(schemaId: string): Set<string> {
  const known = declared.get(schemaId);
  if (known) return known;
  const names = new Set<string>();
  declared.set(schemaId, names);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const name of Object.keys(value)) names.add(name);
      const other =
        key === '$ref' && typeof value === 'string' ? /^([\w.-]+)\.schema\.json/.exec(value)?.[1] : undefined;
      if (other) for (const name of declaredNames(other)) names.add(name);
      else visit(value);
    }
  };
  visit(getSchema(schemaId));
  return names;
}

/**
 * `body` validated as an answer of `schemaId`: a field the schema names nowhere is a deployment's
 * extension, not a deviation, even where Parley's schema is closed (the spec lists the fields a
 * client can rely on; "carries only" forbids none of a vendor's). Such fields are dropped from a
 * copy and the copy validated again, so what remains is judged as the schema words it. A field the
 * schema does name (in another branch of a oneOf) is kept: its being there is judged.
 */
function validateAnswer<T>(schemaId: string, body: unknown): ValidationResult<T> {
  const copy = structuredClone(body);
  let result = validate<T>(schemaId, copy, { locPrefix: [] });
  for (let n = 0; n < EXTRA_DEPTH && !result.ok; n++) {
    const extras = result.detail.filter(
      (d) => d.type === 'extra_forbidden' && !declaredNames(schemaId).has(String(d.loc[d.loc.length - 1])),
    );
    if (extras.length === 0 || !extras.every((d) => dropAt(copy, d.loc))) break;
    result = validate<T>(schemaId, copy, { locPrefix: [] });
  }
  return result;
}

/** Every place `body` breaks the schema `schemaId`, as deviations of the answer `what`. */
export function schemaProblems(schemaId: string, body: unknown, what: string) {
  const result = validateAnswer(schemaId, body);
  return result.ok ? [] : problemsOf(schemaId, result.detail, what);
}

/**
 * `body` as the schema `schemaId` types it, once the validator passed it: the one way a check gets a
 * typed view of what a deployment sent (never a cast). A body that breaks the schema is reported as
 * expectSchema reports it (every problem, the same codes and paths, `prefix` before each message)
 * and ends the check: nothing after it could read the body's fields safely.
 */
export function expectValidBody<Id extends SchemaId>(
  schemaId: Id,
  body: unknown,
  what: string,
  prefix = '',
): Validated<Id> {
  // On a copy: the recorded body stays as sent whatever validation writes into what it checks.
  const result = validateAnswer<Validated<Id>>(schemaId, body);
  if (result.ok) return result.value;
  const problems = problemsOf(schemaId, result.detail, what);
  const last = problems.pop();
  for (const p of problems) deviate(p.code, `${prefix}${p.message}`, p.at);
  if (!last) return fail('SCHEMA', `${prefix}${what}: does not match ${schemaId}`, at(what, '$'));
  return fail(last.code, `${prefix}${last.message}`, last.at);
}

/** The JSON answer `reply` as the schema `schemaId` types it (expectJson, then expectValidBody). */
export function expectValid<Id extends SchemaId>(schemaId: Id, reply: Reply, what: string): Validated<Id> {
  expectJson(reply, what);
  return expectValidBody(schemaId, reply.body, what);
}

export function expectJson(reply: Reply, what: string): void {
  const type = reply.headers.get('content-type') ?? '';
  verify(
    /\bjson\b/i.test(type),
    'CONTENT_TYPE',
    `${what}: Content-Type is "${type}", not JSON`,
    at(what, 'header content-type', 'application/json', type),
  );
  expect(
    typeof reply.body === 'object' && reply.body !== null,
    'DECODE',
    `${what}: the body is not JSON: ${reply.text.slice(0, 200)}`,
    at(what, '$', 'a JSON object or array', reply.text.slice(0, 200)),
  );
}

export function expectSchema(schemaId: string, reply: Reply, what: string): void {
  expectJson(reply, what);
  for (const p of schemaProblems(schemaId, reply.body, what)) deviate(p.code, p.message, p.at);
}

/** Parley's schema of an answer whose shape the spec does not show: a miss is only noted. */
export function choiceSchema(schemaId: string, reply: Reply, what: string): void {
  for (const p of schemaProblems(schemaId, reply.body, what)) choice(false, p.code, p.message, p.at);
}

/** A field of an error body that must be a string (`success` must be false). */
function errorField(body: Record<string, unknown>, field: string, what: string): boolean {
  const value = body[field];
  if (value === undefined)
    return verify(
      false,
      'MISSING_FIELD',
      `${what}: error body has no ${field}`,
      at(what, `$.${field}`, 'a string'),
    );
  return verify(
    typeof value === 'string',
    'TYPE',
    `${what}: error body ${field} is ${JSON.stringify(value)}, not a string`,
    at(what, `$.${field}`, 'a string', value),
  );
}

/**
 * The generic error body of the spec (Errors 1): `{success: false, error: string, code: string}`.
 * Extra fields and other code spellings are the deployment's (Parley's own table is a choice).
 */
export function expectErrorBody(reply: Reply, what: string, code?: string, text?: string): void {
  expectJson(reply, what);
  const body = reply.body as Record<string, unknown>;
  verify(
    body.success === false,
    body.success === undefined ? 'MISSING_FIELD' : 'VALUE',
    `${what}: error body success is ${JSON.stringify(body.success)}, not false`,
    at(what, '$.success', false, body.success),
  );
  const hasError = errorField(body, 'error', what);
  const hasCode = errorField(body, 'code', what);
  choiceSchema('api-error', reply, what);
  if (code && hasCode)
    verify(
      body.code === code,
      'VALUE',
      `${what}: code is ${JSON.stringify(body.code)}, expected "${code}"`,
      at(what, '$.code', code, body.code),
    );
  if (text && hasError)
    verify(
      body.error === text,
      'VALUE',
      `${what}: error is ${JSON.stringify(body.error)}, expected "${text}"`,
      at(what, '$.error', text, body.error),
    );
}

/**
 * A speech route's error (the spec's table gives a status and an error text, no body shape): the
 * text is the JSON body's `error`, or the body itself; the generic error body is Parley's choice.
 */
export function expectErrorText(reply: Reply, what: string, text: string): void {
  const body = reply.body as { error?: unknown } | string;
  const json = typeof body === 'object' && body !== null;
  const said = json ? body.error : reply.text.trim();
  verify(
    said === text,
    'VALUE',
    `${what}: error text is ${JSON.stringify(said)}, expected "${text}"`,
    at(what, json ? '$.error' : '$', text, said),
  );
  const generic = json && (body as { success?: unknown }).success === false;
  choice(
    generic && schemaProblems('api-error', body, what).length === 0,
    'SCHEMA',
    `${what}: not the generic error body {success:false, error, code}`,
    at(what, '$', '{success:false, error, code}', json ? body : reply.text.slice(0, 200)),
  );
}

/**
 * An error whose body shape the spec does not show: its text anywhere in the body; the generic error
 * body {success:false, error, code} only as Parley's choice.
 */
export function expectTextInBody(reply: Reply, what: string, text: string): void {
  verify(
    reply.text.includes(text),
    'VALUE',
    `${what}: the body does not say "${text}": ${reply.text.slice(0, 200)}`,
    at(what, '$', `a body saying "${text}"`, reply.text.slice(0, 200)),
  );
  const body = reply.body as { success?: unknown } | string;
  const generic = typeof body === 'object' && body !== null && body.success === false;
  choice(
    generic && schemaProblems('api-error', body, what).length === 0,
    'SCHEMA',
    `${what}: not the generic error body {success:false, error, code}`,
    at(what, '$', '{success:false, error, code}', typeof body === 'object' ? body : reply.text.slice(0, 200)),
  );
}

/**
 * The spec's validation error body (Resources): `{detail: [{loc: (string|integer)[], msg, type}]}`,
 * as worded there; Parley's schema of it is a choice. Returns the items whose loc is well formed.
 */
export function expectValidationBody(reply: Reply, what: string): { loc: (string | number)[] }[] {
  expectJson(reply, what);
  const detail = (reply.body as { detail?: unknown }).detail;
  expect(
    Array.isArray(detail) && detail.length > 0,
    detail === undefined ? 'MISSING_FIELD' : 'TYPE',
    `${what}: 422 body has no detail array`,
    at(what, '$.detail', 'a non-empty array', detail),
  );
  const good: { loc: (string | number)[] }[] = [];
  for (const [i, item] of (detail as Record<string, unknown>[]).entries()) {
    const loc = item?.loc;
    const locOk = verify(
      Array.isArray(loc) && loc.every((part) => typeof part === 'string' || Number.isInteger(part)),
      'TYPE',
      `${what}: detail[${i}].loc is not an array of strings and integers`,
      at(what, `$.detail[${i}].loc`, 'an array of strings and integers', loc),
    );
    for (const field of ['msg', 'type'])
      verify(
        typeof item?.[field] === 'string',
        item?.[field] === undefined ? 'MISSING_FIELD' : 'TYPE',
        `${what}: detail[${i}].${field} is not a string`,
        at(what, `$.detail[${i}].${field}`, 'a string', item?.[field]),
      );
    // ctx: object (optional): absent (or null, an absent value written out) or an object.
    if (item?.ctx != null)
      verify(
        typeof item.ctx === 'object' && !Array.isArray(item.ctx),
        'TYPE',
        `${what}: detail[${i}].ctx is not an object`,
        at(what, `$.detail[${i}].ctx`, 'an object (optional)', item.ctx),
      );
    if (locOk) good.push(item as { loc: (string | number)[] });
  }
  choiceSchema('validation-error', reply, what);
  return good;
}

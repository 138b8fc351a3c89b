import { validate } from '@parley/schemas';
import { choice, expect, fail } from './check.js';
import type { Reply } from './http-client.js';

// Answer checks shared by the areas: a status, a JSON content type, a body matching its schema, the
// spec's error bodies. Where the spec gives only a shape (the error body, the validation detail) the
// shape is checked as the spec words it, and Parley's stricter schema only as a choice().

export function expectStatus(reply: Reply, status: number, what: string): void {
  expect(
    reply.status === status,
    `${what}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 200)}`,
  );
}

const firstProblem = (schemaId: string, body: unknown) => {
  const result = validate(schemaId, structuredClone(body));
  if (result.ok) return undefined;
  const first = result.detail[0];
  return `body does not match ${schemaId} at ${JSON.stringify(first?.loc)}: ${first?.msg}`;
};

export function expectJson(reply: Reply, what: string): void {
  const type = reply.headers.get('content-type') ?? '';
  expect(/\bjson\b/i.test(type), `${what}: Content-Type is "${type}", not JSON`);
  expect(
    typeof reply.body === 'object' && reply.body !== null,
    `${what}: the body is not JSON: ${reply.text.slice(0, 200)}`,
  );
}

export function expectSchema(schemaId: string, reply: Reply, what: string): void {
  expectJson(reply, what);
  const problem = firstProblem(schemaId, reply.body);
  if (problem) fail(`${what}: ${problem}`);
}

/** Parley's schema of an answer whose shape the spec does not show: a miss is only noted. */
export function choiceSchema(schemaId: string, reply: Reply, what: string): void {
  const problem = firstProblem(schemaId, reply.body);
  choice(!problem, `${what}: ${problem}`);
}

/**
 * The generic error body of the spec (Errors 1): `{success: false, error: string, code: string}`.
 * Extra fields and other code spellings are the deployment's (Parley's own table is a choice).
 */
export function expectErrorBody(reply: Reply, what: string, code?: string, text?: string): void {
  expectJson(reply, what);
  const body = reply.body as { success?: unknown; error?: unknown; code?: unknown };
  expect(body.success === false, `${what}: error body success is ${JSON.stringify(body.success)}, not false`);
  expect(
    typeof body.error === 'string',
    `${what}: error body has no error text: ${reply.text.slice(0, 200)}`,
  );
  expect(
    typeof body.code === 'string',
    `${what}: error body has no code string: ${reply.text.slice(0, 200)}`,
  );
  choiceSchema('api-error', reply, what);
  if (code) expect(body.code === code, `${what}: code is ${JSON.stringify(body.code)}, expected "${code}"`);
  if (text)
    expect(body.error === text, `${what}: error is ${JSON.stringify(body.error)}, expected "${text}"`);
}

/**
 * A speech route's error (the spec's table gives a status and an error text, no body shape): the
 * text is the JSON body's `error`, or the body itself; the generic error body is Parley's choice.
 */
export function expectErrorText(reply: Reply, what: string, text: string): void {
  const body = reply.body as { error?: unknown } | string;
  const said = typeof body === 'object' && body !== null ? body.error : reply.text.trim();
  expect(said === text, `${what}: error text is ${JSON.stringify(said)}, expected "${text}"`);
  const generic =
    typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
  choice(
    generic && !firstProblem('api-error', body),
    `${what}: not the generic error body {success:false, error, code}`,
  );
}

/**
 * The spec's validation error body (Resources): `{detail: [{loc: (string|integer)[], msg, type}]}`,
 * as worded there; Parley's schema of it is a choice.
 */
export function expectValidationBody(reply: Reply, what: string): { loc: (string | number)[] }[] {
  expectJson(reply, what);
  const detail = (reply.body as { detail?: unknown }).detail;
  expect(Array.isArray(detail) && detail.length > 0, `${what}: 422 body has no detail array`);
  for (const [i, item] of (detail as Record<string, unknown>[]).entries()) {
    const loc = item?.loc;
    expect(
      Array.isArray(loc) && loc.every((part) => typeof part === 'string' || Number.isInteger(part)),
      `${what}: detail[${i}].loc is not an array of strings and integers`,
    );
    expect(typeof item.msg === 'string', `${what}: detail[${i}].msg is not a string`);
    expect(typeof item.type === 'string', `${what}: detail[${i}].type is not a string`);
  }
  choiceSchema('validation-error', reply, what);
  return detail as { loc: (string | number)[] }[];
}

import { validate } from '@parley/schemas';
import { expect, fail } from './check.js';
import type { Reply } from './http-client.js';

// Answer checks shared by the areas: a status, a JSON content type, a body matching its schema.

export function expectStatus(reply: Reply, status: number, what: string): void {
  expect(
    reply.status === status,
    `${what}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 200)}`,
  );
}

export function expectSchema(schemaId: string, reply: Reply, what: string): void {
  const type = reply.headers.get('content-type') ?? '';
  expect(type.includes('application/json'), `${what}: Content-Type is "${type}", not application/json`);
  const result = validate(schemaId, structuredClone(reply.body));
  if (!result.ok) {
    const first = result.detail[0];
    fail(`${what}: body does not match ${schemaId} at ${JSON.stringify(first?.loc)}: ${first?.msg}`);
  }
}

/** The generic error body of the spec: `{success: false, error: string, code: string}`. */
export function expectErrorBody(reply: Reply, what: string, code?: string, text?: string): void {
  expectSchema('api-error', reply, what);
  const body = reply.body as { success?: unknown; error?: unknown; code?: unknown };
  expect(body.success === false, `${what}: error body success is ${JSON.stringify(body.success)}, not false`);
  if (code) expect(body.code === code, `${what}: code is ${JSON.stringify(body.code)}, expected "${code}"`);
  if (text)
    expect(body.error === text, `${what}: error is ${JSON.stringify(body.error)}, expected "${text}"`);
}

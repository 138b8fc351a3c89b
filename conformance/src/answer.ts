import { type SchemaId, type Validated, validate } from '@parley/schemas';
import type { restRoutes } from '@parley/schemas/routes';
import { fail } from './check.js';
import type { Reply } from './http-client.js';
import { expectSchema } from './schema-check.js';

// A deployment's answer, read as its schema types it. The kit judges deployments it does not trust,
// so a check reads typed fields only from the value the validator passed, never from a cast of the
// parsed body: the validator is what narrows `unknown` to the shape.

/** A meeting REST route (`/v1/<name>`, `CheckContext.call`). */
export type RestRouteName = (typeof restRoutes)[number]['name'];

/**
 * The JSON body of `reply` as the schema `schemaId` types it. Fails the check as expectSchema does
 * (its wording) when the body is not JSON or breaks the schema.
 */
export function expectAnswer<Id extends SchemaId>(schemaId: Id, reply: Reply, what: string): Validated<Id> {
  expectSchema(schemaId, reply, what);
  // A copy: validation may write defaults into what it checks, and the recorded body stays as sent.
  const result = validate(schemaId, structuredClone(reply.body));
  if (!result.ok) return fail(`${what}: body does not match ${schemaId}`);
  return result.value;
}

/** The 200 answer of the meeting REST route `route`, typed by its response schema (`<route>.response`). */
export function restAnswer<N extends RestRouteName>(
  route: N,
  reply: Reply,
  what: string = route,
): Validated<`${N}.response`> {
  return expectAnswer(`${route}.response`, reply, what);
}

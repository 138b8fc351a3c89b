import type { Validated } from '@parley/schemas/schema-types';
import { type AnswerRouteName, type AnswerSchemaOf, answerRoute } from './catalog.js';
import type { Reply } from './http-client.js';
import { expectValid } from './schema-check.js';

// A deployment's answer read as the catalog types it. The kit judges deployments it does not trust:
// a check reads typed fields only from the value the validator passed, never from a cast of the
// parsed body, so the validator is what narrows `unknown` to the route's answer type.

/**
 * The 200 body of route `name` as its response schema types it. A body that is not JSON or breaks
 * the schema is reported as expectSchema reports it (codes and paths of `what`, the route's name by
 * default) and ends the check.
 */
export function expectAnswer<N extends AnswerRouteName>(
  reply: Reply,
  name: N,
  what: string = name,
): Validated<AnswerSchemaOf<N>> {
  // The entry found is the one named N, but TypeScript cannot follow a generic N through
  // Extract<…>['response'] (it widens to every id of the catalog): the id is typed here, once.
  const schemaId = answerRoute(name).response as AnswerSchemaOf<N>;
  return expectValid(schemaId, reply, what);
}

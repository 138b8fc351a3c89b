import { validate } from '@parley/schemas';
import type { RequestHandler } from 'express';
import { RequestValidationError } from '../core/api-error.js';

// Checks `req.body` against a request schema; on success the body carries the schema's defaults,
// on failure the request ends with 422 and the validation-error body.

export function validatedBody(schemaId: string): RequestHandler {
  return (req, _res, next) => {
    req.body = validRequest(schemaId, req.body);
    next();
  };
}

/** `body` with the schema's defaults applied, or the RequestValidationError (422) it deserves. */
export function validRequest<T = unknown>(schemaId: string, body: unknown): T {
  const result = validate(schemaId, body);
  if (!result.ok) throw new RequestValidationError(result.detail);
  return result.value as T;
}

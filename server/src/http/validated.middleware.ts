import { validate } from '@parley/schemas';
import type { RequestHandler } from 'express';
import { RequestValidationError } from '../services/api-error.js';

// Checks `req.body` against a request schema; on success the body carries the schema's defaults,
// on failure the request ends with 422 and the validation-error body.

export function validatedBody(schemaId: string): RequestHandler {
  return (req, _res, next) => {
    const result = validate(schemaId, req.body);
    if (!result.ok) throw new RequestValidationError(result.detail);
    req.body = result.value;
    next();
  };
}

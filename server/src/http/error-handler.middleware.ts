import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from '../core/api-error.js';
import { sendError } from './error-response.js';

// The Express app's last two handlers: a 404 for any request no route answered, and the error
// middleware, which answers as the catalog routes do (error-response.ts).

export function errorHandler(): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    sendError(res, error);
  };
}

/** Any request no route answered: 404 with the api-error body. */
export function notFound(): RequestHandler {
  return (req, _res, next) => {
    next(ApiError.notFound(`Route ${req.method} ${req.path}`));
  };
}

import type { ServerResponse } from 'node:http';
import { ApiError, RequestValidationError } from '../core/api-error.js';
import { ErrorCodes } from '../core/contracts.js';
import { errorWordsOf } from '../services/error-words.js';
import { sendJson } from './json-response.js';
import { logOf } from './locals.js';

// How a thrown error reaches the client, for every route and the request handler's 404. Known errors
// become their status with the api-error body ({success:false, error, code}) or the 422
// validation-error body; anything else is a 500 whose details go to the log only.

interface Mapped {
  status: number;
  body: unknown;
}

function map(error: unknown): Mapped | undefined {
  if (error instanceof RequestValidationError)
    return { status: ErrorCodes.VALIDATION_ERROR, body: { detail: error.detail } };
  const words = errorWordsOf(error);
  return words && { status: ErrorCodes[words.code], body: { success: false, ...words } };
}

const INTERNAL = { success: false, error: 'Internal server error', code: 'INTERNAL' } as const;

/**
 * Answers with the error's status and body; the caller checks that nothing was sent yet. Never
 * throws: a body that cannot be serialized (a 422 echoing a pathological input) is sent without
 * the echoed inputs, and failing that as a plain 500.
 */
export function sendError(res: ServerResponse, error: unknown): void {
  let mapped: Mapped | undefined;
  try {
    mapped = map(error);
    if (!mapped) logOf(res)?.error({ err: error }, 'unhandled error');
    else if (mapped.status >= 500) logOf(res)?.warn({ err: error }, 'request failed');
    if (mapped && error instanceof ApiError && error.headers) {
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    }
  } catch {
    mapped = undefined;
  }
  if (!mapped) {
    sendJson(res, 500, INTERNAL);
    return;
  }
  try {
    sendJson(res, mapped.status, mapped.body);
  } catch {
    sendJson(res, mapped.status, withoutInputs(mapped.body) ?? INTERNAL);
  }
}

/** A 422 body with each item's echoed `input` left out, or undefined for any other body. */
function withoutInputs(body: unknown): unknown {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return undefined;
  return { detail: detail.map(({ input: _input, ctx: _ctx, ...item }) => item) };
}

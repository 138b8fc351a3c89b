import { type ErrorCode, ErrorCodes } from './contracts.js';

// The one error type of the service layer. `code` is a key of ErrorCodes (constants.ts), which is
// also the only table from code to HTTP status; the error handler turns it into the api-error body.

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** Extra response headers the error answer carries (an RFC 6750 `WWW-Authenticate` challenge). */
  readonly headers: Record<string, string> | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
    this.headers = options?.headers;
  }

  get status(): number {
    return ErrorCodes[this.code];
  }

  static notFound(what: string): ApiError {
    return new ApiError('NOT_FOUND', `${what} not found`);
  }

  static forbidden(message: string): ApiError {
    return new ApiError('FORBIDDEN', message);
  }

  static badRequest(message: string): ApiError {
    return new ApiError('BAD_REQUEST', message);
  }
}

/** A request body that does not match its schema: the 422 validation-error body carries `detail`. */
export class RequestValidationError extends Error {
  readonly detail: unknown[];
  constructor(detail: unknown[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
    this.detail = detail;
  }
}

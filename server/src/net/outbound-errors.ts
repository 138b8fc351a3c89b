// Typed failures of an outbound HTTP call. Each carries the `code` of the generic error body
// (a key of ErrorCodes in schemas/src/constants.ts), so the HTTP layer maps it without guessing.

export type OutboundErrorCode =
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UPSTREAM_FAILED'
  | 'UPSTREAM_TIMEOUT';

export abstract class OutboundError extends Error {
  abstract readonly code: OutboundErrorCode;
  constructor(
    message: string,
    /** The URL being fetched when it failed (the last hop after redirects). */
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The base of one kind of failure: its error code, and its class name as `name` (spelled out, as a
 * bundler may rename classes; logs and engines/engine.ts read it).
 */
function outboundKind(name: string, code: OutboundErrorCode) {
  return class extends OutboundError {
    readonly code = code;
    override readonly name = name;
  };
}

/** Not an http(s) URL, malformed, or carrying credentials: the caller's mistake (400). */
export class OutboundUrlError extends outboundKind('OutboundUrlError', 'BAD_REQUEST') {}

/** The URL (or a redirect) leads to a private, loopback, link-local or metadata address (400). */
export class OutboundBlockedError extends outboundKind('OutboundBlockedError', 'BAD_REQUEST') {
  constructor(
    url: string,
    readonly address: string,
  ) {
    super(`Refusing to fetch ${url}: it resolves to a non-public address (${address})`, url);
  }
}

/** Declared or streamed body bigger than the allowed maximum; the download was aborted (413). */
export class OutboundTooLargeError extends outboundKind('OutboundTooLargeError', 'PAYLOAD_TOO_LARGE') {
  constructor(
    url: string,
    readonly maxBytes: number,
  ) {
    super(`Response from ${url} exceeds ${maxBytes} bytes`, url);
  }
}

/** The response is not the kind of content asked for, e.g. an HTML page where audio was expected (415). */
export class OutboundContentError extends outboundKind('OutboundContentError', 'UNSUPPORTED_MEDIA_TYPE') {}

/** Connection refused, reset, DNS failure, non-2xx status or too many redirects (502). */
export class OutboundUpstreamError extends outboundKind('OutboundUpstreamError', 'UPSTREAM_FAILED') {
  constructor(
    message: string,
    url: string,
    /** HTTP status of the upstream answer, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, url, options);
  }
}

/** No complete answer within the time limit (504). */
export class OutboundTimeoutError extends outboundKind('OutboundTimeoutError', 'UPSTREAM_TIMEOUT') {
  constructor(
    url: string,
    readonly timeoutMs: number,
  ) {
    super(`No complete response from ${url} within ${timeoutMs} ms`, url);
  }
}

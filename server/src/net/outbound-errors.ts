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
  /** The URL being fetched when it failed (the last hop after redirects). */
  readonly url: string;
  constructor(message: string, url: string, options?: { cause?: unknown }) {
    super(message, options);
    this.url = url;
  }
}

/** Not an http(s) URL, malformed, or carrying credentials: the caller's mistake (400). */
export class OutboundUrlError extends OutboundError {
  readonly code = 'BAD_REQUEST';
  override readonly name = 'OutboundUrlError';
}

/** The URL (or a redirect) leads to a private, loopback, link-local or metadata address (400). */
export class OutboundBlockedError extends OutboundError {
  readonly code = 'BAD_REQUEST';
  override readonly name = 'OutboundBlockedError';
  readonly address: string;
  constructor(url: string, address: string) {
    super(`Refusing to fetch ${url}: it resolves to a non-public address (${address})`, url);
    this.address = address;
  }
}

/** Declared or streamed body bigger than the allowed maximum; the download was aborted (413). */
export class OutboundTooLargeError extends OutboundError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  override readonly name = 'OutboundTooLargeError';
  readonly maxBytes: number;
  constructor(url: string, maxBytes: number) {
    super(`Response from ${url} exceeds ${maxBytes} bytes`, url);
    this.maxBytes = maxBytes;
  }
}

/** The response is not the kind of content asked for, e.g. an HTML page where audio was expected (415). */
export class OutboundContentError extends OutboundError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  override readonly name = 'OutboundContentError';
}

/** Connection refused, reset, DNS failure, non-2xx status or too many redirects (502). */
export class OutboundUpstreamError extends OutboundError {
  readonly code = 'UPSTREAM_FAILED';
  override readonly name = 'OutboundUpstreamError';
  /** HTTP status of the upstream answer, when there was one. */
  readonly status: number | undefined;
  constructor(message: string, url: string, status?: number, options?: { cause?: unknown }) {
    super(message, url, options);
    this.status = status;
  }
}

/** No complete answer within the time limit (504). */
export class OutboundTimeoutError extends OutboundError {
  readonly code = 'UPSTREAM_TIMEOUT';
  override readonly name = 'OutboundTimeoutError';
  readonly timeoutMs: number;
  constructor(url: string, timeoutMs: number) {
    super(`No complete response from ${url} within ${timeoutMs} ms`, url);
    this.timeoutMs = timeoutMs;
  }
}

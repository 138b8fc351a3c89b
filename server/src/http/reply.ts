import type { ServerResponse } from 'node:http';

// An answer that is not the route's 200 JSON body: a protobuf message, an HTML page, a text document,
// a redirect, or any of these under another status. A handler returns one; the pipeline writes it as it is.

/**
 * Headers every HTML page of the server sends: no other site may frame it (clickjacking on the
 * docs' "Try it out" with the demo key, or on the playground). Older browsers read X-Frame-Options.
 */
export const NO_FRAMING = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
} as const;

export class Reply {
  constructor(
    readonly status: number,
    readonly body: Uint8Array | string,
    readonly headers: Readonly<Record<string, string>>,
  ) {}

  static protobuf(status: number, bytes: Uint8Array, contentType: string): Reply {
    return new Reply(status, bytes, { 'Content-Type': contentType });
  }

  static html(status: number, page: string): Reply {
    return new Reply(status, page, { 'Content-Type': 'text/html; charset=utf-8', ...NO_FRAMING });
  }

  /** A 200 text document (YAML, a script, a style sheet) of the given type, in UTF-8. */
  static text(body: string, contentType: string): Reply {
    return new Reply(200, body, { 'Content-Type': `${contentType}; charset=utf-8` });
  }

  static redirect(location: string): Reply {
    return new Reply(302, '', { Location: location });
  }
}

/**
 * A JSON answer with headers of its own or another
 * status (the 202 of a request with callback_url). `T` is the shape it holds, so the route kit checks
 * it against the route's response (or accepted) type like a plain value.
 */
export class JsonReply<T> extends Reply {
  declare readonly shape: T;

  constructor(value: T, headers: Readonly<Record<string, string>>, status = 200) {
    super(status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  }
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  const body = typeof reply.body === 'string' ? reply.body : Buffer.from(reply.body);
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

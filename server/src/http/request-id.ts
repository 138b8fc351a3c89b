import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// X-Request-Id: kept when the client (or a proxy in front) sends a sane one, generated otherwise,
// and always echoed (by the request handler), so a user's bug report and the server's log lines share
// one id.

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_ID = /^[\w.:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

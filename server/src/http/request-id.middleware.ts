import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { setRequestId } from './locals.js';

// X-Request-Id: kept when the client (or a proxy in front) sends a sane one, generated otherwise,
// and always echoed, so a user's bug report and the server's log lines share one id.

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_ID = /^[\w.:-]{1,128}$/;

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    const id = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    setRequestId(res, id);
    res.set(REQUEST_ID_HEADER, id);
    next();
  };
}

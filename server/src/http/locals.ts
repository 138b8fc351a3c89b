import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';

// Typed access to what the request handler leaves on the node:http response for later code (the
// request id, the request's logger, the metrics label).

interface Locals {
  requestId?: string;
  log?: Logger;
  /** The matched route pattern: the metrics label (never the raw URL, whose ids are unbounded). */
  route?: string;
}

type WithLocals = ServerResponse & { locals?: Locals };

function locals(res: ServerResponse): Locals {
  const carrier = res as WithLocals;
  carrier.locals ??= {};
  return carrier.locals;
}

export function setRequestId(res: ServerResponse, id: string): void {
  locals(res).requestId = id;
}

export function requestIdOf(res: ServerResponse): string | undefined {
  return locals(res).requestId;
}

export function setLog(res: ServerResponse, log: Logger): void {
  locals(res).log = log;
}

/** The request's logger (carries `reqId`), set by the request handler. */
export function logOf(res: ServerResponse): Logger | undefined {
  return locals(res).log;
}

export function setRouteLabel(res: ServerResponse, route: string): void {
  locals(res).route = route;
}

export function routeLabelOf(res: ServerResponse): string | undefined {
  return locals(res).route;
}

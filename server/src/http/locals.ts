import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Caller } from '../services/caller.js';

// Typed access to what middleware leaves on `res.locals` for later handlers.

interface Locals {
  requestId?: string;
  log?: Logger;
  caller?: Caller;
}

const locals = (res: Response): Locals => res.locals as Locals;

export function setRequestId(res: Response, id: string): void {
  locals(res).requestId = id;
}

export function requestIdOf(res: Response): string | undefined {
  return locals(res).requestId;
}

export function setLog(res: Response, log: Logger): void {
  locals(res).log = log;
}

/** The request's logger (carries `reqId`); the app logger's child is set by the logging middleware. */
export function logOf(res: Response): Logger | undefined {
  return locals(res).log;
}

export function setCaller(res: Response, caller: Caller): void {
  locals(res).caller = caller;
}

/** The authenticated caller; only call it behind an auth middleware. */
export function callerOf(res: Response): Caller {
  const caller = locals(res).caller;
  if (!caller) throw new Error('callerOf() used on a route without authentication');
  return caller;
}

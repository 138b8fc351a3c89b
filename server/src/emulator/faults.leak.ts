import type { IncomingMessage } from 'node:http';
import { activeFaults, RETAIN_REQUEST_BODIES } from './faults.catalog.js';

// A seeded leak for the load package's soak (`npm run soak -w load`): while `retain-request-bodies`
// is on, every HTTP request body is copied into a list the process keeps for good, so the soak's
// memory verdict can be shown to fail on a real server. The bytes are observed as the route reads
// them (the request's emit is wrapped, as the effects faults do): a `data` listener would start the
// stream flowing before the route is ready for it.

const retained: Buffer[] = [];

export function retainRequestBody(req: IncomingMessage): void {
  if (!activeFaults.has(RETAIN_REQUEST_BODIES)) return;
  const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'data') retained.push(Buffer.from(args[0] as Uint8Array));
    return emit(event, ...args);
  }) as typeof req.emit;
}

/** Bytes kept so far (the fault's test reads it; nothing else needs it). */
export function retainedBytes(): number {
  return retained.reduce((n, b) => n + b.length, 0);
}

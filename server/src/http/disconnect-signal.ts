import type { ServerResponse } from 'node:http';

// Work that outlives its client is wasted: long routes (denoise, stt) take this signal and stop.

/** Aborts when the client goes away before the answer is sent, so long work stops early. */
export function abortOnDisconnect(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const gone = () => controller.abort(new Error('client disconnected'));
  if (res.closed && !res.writableFinished) gone();
  else
    res.on('close', () => {
      if (!res.writableFinished) gone();
    });
  return controller.signal;
}

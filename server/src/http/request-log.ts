import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';

// One log line per request, written when the answer is finished. Only the path is logged, never
// the query string: stt/tts carry the API key there.

export function logWhenFinished(res: ServerResponse, log: Logger, method: string, path: string): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = { method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
    if (res.statusCode >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  });
}

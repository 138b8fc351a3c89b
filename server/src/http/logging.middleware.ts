import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { requestIdOf, setLog } from './locals.js';

// One log line per request, and a per-request child logger so every line a handler writes carries
// the request id. Only the path is logged, never the query string: stt/tts carry the API key there.

export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const log = logger.child({ reqId: requestIdOf(res) });
    setLog(res, log);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) log.error(line, 'request failed');
      else log.info(line, 'request');
    });
    next();
  };
}

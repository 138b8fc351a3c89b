import { ApiError } from '../core/api-error.js';
import type { ErrorCode } from '../core/contracts.js';
import { databaseUnavailable } from '../core/database-unavailable.js';
import { EngineFailedError, EngineUnavailableError } from '../engines/engine.js';
import { OutboundError } from '../net/outbound-errors.js';

// The code and words of a known failure, as the api-error body carries them: one mapping for the
// HTTP answer (http/error-response.ts) and for a failure told later in a callback body (the stt
// callback), so both say the same thing. Undefined for anything unknown: an internal error whose
// details belong in the log, not in a client's hands.

export interface ErrorWords {
  error: string;
  code: ErrorCode;
}

export function errorWordsOf(error: unknown): ErrorWords | undefined {
  const words = (code: ErrorCode, message: string): ErrorWords => ({ error: message, code });
  if (error instanceof ApiError) return words(error.code, error.message);
  if (error instanceof EngineUnavailableError) return words('ENGINE_UNAVAILABLE', error.message);
  if (error instanceof EngineFailedError && error.timedOut) {
    const detail = error.cause instanceof Error ? error.cause.message : '';
    return words('UPSTREAM_TIMEOUT', `${error.engine} engine timed out: ${detail}`);
  }
  if (error instanceof EngineFailedError) return words('UPSTREAM_FAILED', error.message);
  if (error instanceof OutboundError) return words(error.code, error.message);
  const database = databaseUnavailable(error);
  if (database) return words('DATABASE_UNAVAILABLE', `The database ${database}; try again later`);
  return undefined;
}

import { ApiError } from '../core/api-error.js';
import { StreamErrorClose, type StreamErrorCode } from '../core/contracts.js';
import { AudioDecodeError } from '../engines/audio/audio.engine.js';
import { EngineFailedError, EngineUnavailableError } from '../engines/engine.js';

// Why a session ends early: the stream-error frame's code and message, and the close code that
// follows it (StreamErrorClose). Anything unexpected becomes INTERNAL with a fixed text, so engine
// or database internals never reach the client.

export class StreamFailure extends Error {
  readonly code: StreamErrorCode;
  constructor(code: StreamErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamFailure';
    this.code = code;
  }

  get closeCode(): number {
    return StreamErrorClose[this.code];
  }

  /** Whether the failure is the server's fault (logged as an error) rather than the client's. */
  get internal(): boolean {
    return this.code === 'INTERNAL';
  }
}

const isStreamCode = (code: string): code is StreamErrorCode => Object.hasOwn(StreamErrorClose, code);

export function failureOf(error: unknown): StreamFailure {
  if (error instanceof StreamFailure) return error;
  if (error instanceof EngineUnavailableError)
    return new StreamFailure('ENGINE_UNAVAILABLE', error.message, { cause: error });
  if (error instanceof EngineFailedError)
    return new StreamFailure(error.timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_FAILED', error.message, {
      cause: error,
    });
  if (error instanceof AudioDecodeError)
    return new StreamFailure('UNSUPPORTED_MEDIA_TYPE', error.message, { cause: error });
  if (error instanceof ApiError && isStreamCode(error.code)) {
    return new StreamFailure(error.code, error.message, { cause: error });
  }
  return new StreamFailure('INTERNAL', 'Internal error', { cause: error });
}

/** A WebSocket close reason is at most 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

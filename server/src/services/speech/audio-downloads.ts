import { ApiError } from '../../core/api-error.js';

// What bounds the memory of audio_url downloads (file STT, denoise): each is streamed to a temp
// file (never buffered), at most `maxBytes` long, and at most `concurrency` run at once per
// process; a few more wait their turn, and beyond that a request is refused at once (503 with
// Retry-After) instead of queueing without bound.

export interface AudioDownloads {
  maxBytes: number;
  /** Runs `work` when a download place is free. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Downloads running now (tests, metrics). */
  active(): number;
}

/** Requests that may wait for a place, per place. */
const WAITING_PER_PLACE = 4;
const RETRY_AFTER_SECONDS = 5;

export function audioDownloads(options: { maxBytes: number; concurrency: number }): AudioDownloads {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    maxBytes: options.maxBytes,
    active: () => active,
    async run(work) {
      if (active >= options.concurrency) {
        if (waiting.length >= options.concurrency * WAITING_PER_PLACE) {
          throw new ApiError(
            'ENGINE_UNAVAILABLE',
            'Too many audio downloads in progress; try again shortly',
            {
              headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
            },
          );
        }
        // The place is handed over by release(): `active` stays counted for the waiter.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active++;
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

import { randomBytes } from 'node:crypto';

// Identifiers of stored records, injected so tests can make them predictable. A short prefix says
// what a record is (`mtg_`, `msg_`, `usr_`), which helps anyone reading logs or bug reports.

export interface IdGenerator {
  next(prefix: string): string;
}

/** Random bytes per id: 80 bits, so ids are neither guessable nor ever expected to collide. */
const ID_BYTES = 10;
/** Bytes drawn from the CSPRNG at once: one system call per ~400 ids instead of one per id. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

export const randomIds: IdGenerator = {
  next: (prefix) => {
    if (used + ID_BYTES > pool.length) {
      pool = randomBytes(POOL_BYTES);
      used = 0;
    }
    used += ID_BYTES;
    return `${prefix}_${pool.toString('hex', used - ID_BYTES, used)}`;
  },
};

/**
 * The `webhook-id` of one signed delivery (Standard Webhooks): the same on every try of it, so a
 * receiver can drop a repeat. Random even in tests: receivers outside the test's process see it.
 */
export function newDeliveryId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** Sequential ids (`mtg_000001`, ...), for tests that compare whole bodies. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return { next: (prefix) => `${prefix}_${String(++n).padStart(6, '0')}` };
}

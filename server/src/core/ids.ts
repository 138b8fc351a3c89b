import { randomBytes } from 'node:crypto';

// Identifiers of stored records, injected so tests can make them predictable. A short prefix says
// what a record is (`mtg_`, `msg_`, `usr_`), which helps anyone reading logs or bug reports.

export interface IdGenerator {
  next(prefix: string): string;
}

export const randomIds: IdGenerator = {
  next: (prefix) => `${prefix}_${randomBytes(10).toString('hex')}`,
};

/** Sequential ids (`mtg_000001`, ...), for tests that compare whole bodies. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return { next: (prefix) => `${prefix}_${String(++n).padStart(6, '0')}` };
}

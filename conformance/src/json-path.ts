import type { At } from './check.js';

// Where a deviation is: `<answer> <location>`. The answer is a fixed name of what the check asked
// (`get-meetings`, `stt missing audio_url`, `json session`), never data of the run (ids, page
// numbers), so a fingerprint survives new data. The location is a JSON path into that answer
// (`$.meetings[3].updated_at`; `$` the whole body), or `status`, `header content-type`, `close`.
// Fingerprints write every array index as [*]: one baseline entry covers a field of every item.

/** `$.a[0].b` for ['a', 0, 'b']; keys that are not identifiers are quoted (`$['x-y']`). */
export function jsonPath(parts: readonly (string | number)[]): string {
  return `$${parts
    .map((part) =>
      typeof part === 'number'
        ? `[${part}]`
        : /^[A-Za-z_][\w]*$/.test(part)
          ? `.${part}`
          : `[${JSON.stringify(part)}]`,
    )
    .join('')}`;
}

/** A location in an answer with what was expected and what came. */
export function at(answer: string, location: string, expected?: unknown, actual?: unknown): At {
  return {
    path: `${answer} ${location}`,
    ...(expected !== undefined ? { expected } : {}),
    ...(actual !== undefined ? { actual } : {}),
  };
}

/** The path as a fingerprint holds it: array indexes as [*]. */
export const pathShape = (path: string): string => path.replace(/\[\d+\]/g, '[*]');

/**
 * The value at the dotted `path` (`meeting.id`) of a parsed JSON body, `undefined` where there is
 * none: for checks that judge fields of a body no schema has passed, which stay `unknown` until
 * the check compares them.
 */
export function pick(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        at !== null && typeof at === 'object' ? Object.getOwnPropertyDescriptor(at, key)?.value : undefined,
      value,
    );
}

/** `pick` of a string field: undefined where there is none or it is not a string. */
export function pickString(value: unknown, path: string): string | undefined {
  const field = pick(value, path);
  return typeof field === 'string' ? field : undefined;
}

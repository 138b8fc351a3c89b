// What the app checks of an answer before a step reads it: the JSON types, required keys, nested
// objects and lists, and string rules of the schemas (reduced by scripts/answer-shapes.ts into
// src/generated/answer-shapes.ts; the app ships without a JSON Schema validator). Each problem is a
// short phrase naming the field, for a sentence the Zap's owner can pass on to the deployment's admin.

/** A JSON Schema reduced to what the checker reads. */
export interface Shape {
  type?: string[];
  required?: string[];
  properties?: Record<string, Shape>;
  items?: Shape;
  /** The value meets at least one branch (oneOf and anyOf alike: the app needs any readable one). */
  anyOf?: Shape[];
  minLength?: number;
  pattern?: string;
}

/** The JSON type of a value in the schemas' words (an integer is also a number). */
const jsonTypes = (value: unknown): string[] => {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
};

const WORDS: Record<string, string> = {
  array: 'a list',
  object: 'an object',
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};
const named = (types: string[]) => types.map((t) => WORDS[t] ?? t).join(' or ');

/** `meetings[0].host_user_id`; the answer itself is "the answer". */
const label = (at: string) => (at ? `"${at}"` : 'the answer');
const child = (at: string, key: string) => (at ? `${at}.${key}` : key);

/** At most `limit` problems of `value` against `shape`, first found first; none when it fits. */
export function shapeProblems(value: unknown, shape: Shape, at = '', limit = 3): string[] {
  const problems: string[] = [];
  const walk = (v: unknown, s: Shape, path: string): void => {
    if (problems.length >= limit) return;
    if (s.anyOf?.length) {
      const tries = s.anyOf.map((branch) => shapeProblems(v, branch, path, limit));
      if (!tries.some((found) => found.length === 0)) {
        // The branch the answer came closest to says best what is wrong.
        const closest = tries.reduce((a, b) => (b.length < a.length ? b : a));
        problems.push(...closest.slice(0, limit - problems.length));
        return;
      }
    }
    const actual = jsonTypes(v);
    if (s.type && !s.type.some((t) => actual.includes(t))) {
      problems.push(`${label(path)} should be ${named(s.type)}, not ${named(actual.slice(-1))}`);
      return;
    }
    if (typeof v === 'string') {
      if (s.minLength && v.length < s.minLength) problems.push(`${label(path)} is empty`);
      else if (s.pattern && !new RegExp(s.pattern, 'u').test(v))
        problems.push(`${label(path)} has an unexpected form ("${v.slice(0, 40)}")`);
      return;
    }
    if (Array.isArray(v)) {
      const items = s.items;
      if (items)
        v.forEach((item, index) => {
          walk(item, items, `${path}[${index}]`);
        });
      return;
    }
    if (v && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      for (const key of s.required ?? []) {
        if (problems.length >= limit) return;
        if (!(key in record)) problems.push(`${label(child(path, key))} is missing`);
      }
      for (const [key, inner] of Object.entries(s.properties ?? {})) {
        if (key in record) walk(record[key], inner, child(path, key));
      }
    }
  };
  walk(value, shape, at);
  return problems.slice(0, limit);
}

/**
 * A list as the spec promises it, newest first by `field` (an ISO time) and each id once: a deployment
 * that lists oldest first, or repeats an item, still gives the Zap each event once and the newest first.
 * The sort is stable, so items of equal (or unreadable) time keep the service's order.
 */
export function newestFirstOnce<T extends { id: string }>(items: T[], field: string): T[] {
  const seen = new Set<string>();
  const once = items.filter((item) => !seen.has(item.id) && seen.add(item.id));
  const at = (item: T) => Date.parse(String((item as Record<string, unknown>)[field] ?? '')) || 0;
  return once
    .map((item, index) => ({ item, index, time: at(item) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ item }) => item);
}

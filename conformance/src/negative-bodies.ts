import { getSchema, validate } from '@parley/schemas';
import type { Rng } from './random.js';

// Schema-violating request bodies generated from the request schemas, top-level fields and below
// (nested objects, array items): a required field missing, a wrong type, a number past its bounds,
// a near-miss of a format (RFC 3339), a value outside an enum. Each is proved invalid by the
// validator before it is sent, at the path it names, so a check can demand that a 422's `loc` points
// there (other tools skip the proof and report false positives).

export type NegativeKind = 'missing' | 'wrong-type' | 'boundary' | 'format' | 'enum';

export interface NegativeBody {
  route: string;
  body: Record<string, unknown>;
  /** The path to what makes the body invalid (`meeting_message.text`, `participant_ids.0`). */
  part: string;
  path: (string | number)[];
  how: NegativeKind;
  /**
   * Whether the spec itself makes the refusal a MUST: a missing field or a wrong type is an invalid
   * request body (Errors 2). A value past a bound, a format near-miss or an unknown enum value may be
   * clamped or tolerated by a deployment; refusing it is Parley's choice.
   */
  mustRefuse: boolean;
  /** What the validator said about it. */
  proof: string;
}

/**
 * Per type, the wrong value sent in every full run: one no common lax parser reads as the type
 * (pydantic's lax mode takes "yes" as true and 1 as a number, but not these); a deployment that
 * takes it has coerced malformed input (a number stored as a title's text).
 */
const NEVER_COERCED: Record<string, unknown> = {
  string: 12345,
  array: 7,
  boolean: 3,
  integer: 'ten',
  number: 'ten',
  object: 'text',
};

const WRONG: Record<string, unknown[]> = {
  string: [12345, true, ['x'], { x: 1 }],
  array: ['not-an-array', 7, { x: 1 }],
  boolean: ['yes', 3],
  integer: ['ten', 1.5, true],
  number: ['ten', true],
  object: ['text', 9, [1]],
};

/** RFC 3339 near-misses: no offset, impossible month or day or hour, a date alone. */
const DATE_TIME_MISSES = [
  '2024-05-02T10:15:42',
  '2024-13-01T00:00:00Z',
  '2023-02-30T10:00:00Z',
  '2024-05-02T25:00:00Z',
  '2024-05-02',
];

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  format?: string;
  enum?: unknown[];
}

type Candidate = Omit<NegativeBody, 'route' | 'proof' | 'part' | 'mustRefuse'>;

/** A `$ref` to another schema file (`participant-id.schema.json`) read in its place. */
const resolved = (schema: Schema): Schema =>
  schema.$ref
    ? resolved(getSchema(schema.$ref.replace(/^.*\//, '').replace(/\.schema\.json$/, '')) as Schema)
    : schema;

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? undefined : schema.type);

/** `body` with the value at `path` replaced (or removed when `value` is `REMOVE`). */
const REMOVE = Symbol('remove');
function withValue(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const [i, step] of path.slice(0, -1).entries()) {
    at[step] ??= typeof path[i + 1] === 'number' ? [] : {};
    at = at[step] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === REMOVE) delete at[last];
  else at[last] = value;
  return copy;
}

function candidates(
  given: Schema,
  valid: unknown,
  path: (string | number)[],
  rng: Rng,
  root: Record<string, unknown>,
  wide: boolean,
): Candidate[] {
  const out: Candidate[] = [];
  const schema = resolved(given);
  const type = typeOf(schema);
  const add = (how: NegativeKind, value: unknown) =>
    out.push({ body: withValue(root, path, value), path, how });
  if (path.length > 0) {
    const wrong = type ? WRONG[type] : undefined;
    // One wrong value at random; `wide`, the one never coerced too.
    const picked = wrong ? rng.pick(wrong) : undefined;
    const never = type ? NEVER_COERCED[type] : undefined;
    if (wrong) for (const value of new Set(wide ? [never, picked] : [picked])) add('wrong-type', value);
    if (type === 'integer' || type === 'number') {
      const bounds = new Set<number>([-1, 2 ** 53]);
      if (schema.minimum !== undefined) bounds.add(schema.minimum - 1);
      if (schema.maximum !== undefined) bounds.add(schema.maximum + 1);
      for (const n of bounds) add('boundary', n);
    }
    if (type === 'string' && schema.format === 'date-time') add('format', rng.pick(DATE_TIME_MISSES));
    if (schema.enum) add('enum', 'KIT_NOT_A_VALUE');
  }
  if (type === 'object' || schema.properties) {
    const object = (valid && typeof valid === 'object' ? valid : {}) as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      out.push({ body: withValue(root, [...path, name], REMOVE), path: [...path, name], how: 'missing' });
    }
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      out.push(...candidates(property, object[name], [...path, name], rng, root, wide));
    }
  }
  if (type === 'array' && schema.items && path.length > 0) {
    // An item of the array: the first one of the valid body's array (or a one-item array).
    const itemType = typeOf(resolved(schema.items));
    const wrong = itemType ? WRONG[itemType] : undefined;
    if (wrong) {
      const items = Array.isArray(valid) && valid.length > 0 ? structuredClone(valid) : [undefined];
      items[0] = rng.pick(wrong);
      out.push({ body: withValue(root, path, items), path: [...path, 0], how: 'wrong-type' });
    }
  }
  return out;
}

/** `wide`: each wrong-typed field also with its type's value never coerced (the full profile). */
export function negativeBodies(
  route: string,
  valid: Record<string, unknown>,
  rng: Rng,
  wide = false,
): NegativeBody[] {
  const schema = getSchema(`${route}.request`) as Schema;
  const out: NegativeBody[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates(schema, valid, [], rng, valid, wide)) {
    // Proved invalid, and invalid at `path`: anything else is dropped rather than sent.
    const result = validate(`${route}.request`, structuredClone(candidate.body));
    if (result.ok) continue;
    const hit = result.detail.find((d) => candidate.path.every((step, i) => d.loc[1 + i] === step));
    if (!hit) continue;
    const key = JSON.stringify(candidate.body);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      ...candidate,
      route,
      part: candidate.path.join('.'),
      mustRefuse: candidate.how === 'missing' || candidate.how === 'wrong-type',
      proof: `${JSON.stringify(hit.loc)}: ${hit.msg}`,
    });
  }
  return out;
}

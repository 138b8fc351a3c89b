// Turns Ajv errors into FastAPI/pydantic-style detail items ({loc, msg, type, input, ctx}), the form of
// the spec's 422 body, so clients see the same error vocabulary whichever route they call.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ValidationDetail } from './generated/types.js';

type Loc = ValidationDetail['loc'];

const quote = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const listOr = (values: unknown[]): string => {
  const shown = values.map(quote);
  return shown.length < 2 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
};

/** Splits a JSON pointer into loc segments; array indexes become numbers, as pydantic reports them. */
function locOf(data: unknown, pointer: string): { loc: Loc; value: unknown } {
  const loc: Loc = [];
  let value = data;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value) && /^\d+$/.test(token)) {
      loc.push(Number(token));
      value = value[Number(token)];
    } else {
      loc.push(token);
      value = (value as Record<string, unknown> | undefined)?.[token];
    }
  }
  return { loc, value };
}

const TYPE_ERRORS: Record<string, [type: string, msg: string]> = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  null: ['none_required', 'Input should be null'],
};

const FORMAT_ERRORS: Record<string, [type: string, msg: string]> = {
  'date-time': ['datetime_parsing', 'Input should be a valid RFC 3339 date-time'],
  date: ['date_parsing', 'Input should be a valid date'],
  time: ['time_parsing', 'Input should be a valid time'],
  uri: ['url_parsing', 'Input should be a valid URL'],
  url: ['url_parsing', 'Input should be a valid URL'],
  email: ['value_error', 'value is not a valid email address'],
  uuid: ['uuid_parsing', 'Input should be a valid UUID'],
};

/** One Ajv error (not a combinator) as a detail item. */
function mapError(e: ErrorObject, data: unknown, prefix: Loc): ValidationDetail {
  const { loc, value } = locOf(data, e.instancePath);
  const at = (type: string, msg: string, ctx?: Record<string, unknown>): ValidationDetail => ({
    loc: [...prefix, ...loc],
    msg,
    type,
    input: value,
    ...(ctx ? { ctx } : {}),
  });
  const p = e.params as Record<string, unknown>;
  const n = Number(p.limit);
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
      return {
        loc: [...prefix, ...loc, String(p.missingProperty)],
        msg: 'Field required',
        type: 'missing',
        input: value,
      };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(p.additionalProperty ?? p.unevaluatedProperty);
      const input = (value as Record<string, unknown>)[name];
      return {
        loc: [...prefix, ...loc, name],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
        input,
      };
    }
    case 'false schema':
      return at('extra_forbidden', 'Extra inputs are not permitted');
    case 'type': {
      const wanted = String(p.type)
        .split(',')
        .filter((t) => t !== 'null');
      const first = wanted[0] ?? 'null';
      if (first === 'integer' && typeof value === 'number' && Number.isFinite(value)) {
        return at('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
      }
      const [type, msg] = TYPE_ERRORS[first] ?? ['type_error', `Input should be of type ${first}`];
      return at(type, msg);
    }
    case 'const':
      return at('literal_error', `Input should be ${quote(p.allowedValue)}`, {
        expected: quote(p.allowedValue),
      });
    case 'enum': {
      const expected = listOr(p.allowedValues as unknown[]);
      return at('enum', `Input should be ${expected}`, { expected });
    }
    case 'minLength':
      return at('string_too_short', `String should have at least ${plural(n, 'character')}`, {
        min_length: n,
      });
    case 'maxLength':
      return at('string_too_long', `String should have at most ${plural(n, 'character')}`, { max_length: n });
    case 'minItems':
    case 'maxItems': {
      const actual = Array.isArray(value) ? value.length : 0;
      const short = e.keyword === 'minItems';
      return at(
        short ? 'too_short' : 'too_long',
        `List should have at ${short ? 'least' : 'most'} ${plural(n, 'item')} after validation, not ${actual}`,
        { field_type: 'List', [short ? 'min_length' : 'max_length']: n, actual_length: actual },
      );
    }
    case 'minProperties':
      return at('too_short', `Dictionary should have at least ${plural(n, 'item')}`, { min_length: n });
    case 'maxProperties':
      return at('too_long', `Dictionary should have at most ${plural(n, 'item')}`, { max_length: n });
    case 'minimum':
      return at('greater_than_equal', `Input should be greater than or equal to ${n}`, { ge: n });
    case 'maximum':
      return at('less_than_equal', `Input should be less than or equal to ${n}`, { le: n });
    case 'exclusiveMinimum':
      return at('greater_than', `Input should be greater than ${n}`, { gt: n });
    case 'exclusiveMaximum':
      return at('less_than', `Input should be less than ${n}`, { lt: n });
    case 'multipleOf':
      return at('multiple_of', `Input should be a multiple of ${String(p.multipleOf)}`, {
        multiple_of: p.multipleOf,
      });
    case 'pattern':
      return at('string_pattern_mismatch', `String should match pattern '${String(p.pattern)}'`, {
        pattern: p.pattern,
      });
    case 'format': {
      const format = String(p.format);
      const [type, msg] = FORMAT_ERRORS[format] ?? ['value_error', `Input should be a valid ${format}`];
      return at(type, msg, { format });
    }
    case 'uniqueItems':
      return at('value_error', 'List should have unique items', { first: p.j, duplicate: p.i });
    default:
      return at('value_error', `Input ${e.message ?? 'is invalid'}`);
  }
}

const COMBINATORS = new Set(['anyOf', 'oneOf']);

/** Errors of one branch of a failed anyOf/oneOf, re-validated alone, with the base URI of that branch. */
export interface BranchErrors {
  uri: string;
  errors: ErrorObject[];
}

export interface DetailContext {
  /** First segments of every `loc`. */
  prefix: Loc;
  /** URI of the schema the errors' `#/...` schemaPaths are relative to. */
  rootUri: string;
  /** Re-validates each branch of a failed combinator; undefined when it cannot tell. */
  branches: (comb: ErrorObject, rootUri: string, data: unknown) => BranchErrors[] | undefined;
}

/** The instance depth an error points at (a missing field counts one level below its object). */
const depthOf = (e: ErrorObject): number =>
  (e.instancePath === '' ? 0 : e.instancePath.split('/').length - 1) + (e.keyword === 'required' ? 1 : 0);

const within = (e: ErrorObject, comb: ErrorObject): boolean =>
  e.instancePath === comb.instancePath || e.instancePath.startsWith(`${comb.instancePath}/`);

/**
 * Reduces a failed anyOf/oneOf to what the caller most likely meant: the branch that got furthest into
 * the input (deepest errors, then fewest), or, when the input's kind matched no branch at all, one item
 * naming every accepted kind.
 */
function summarise(
  comb: ErrorObject,
  branches: BranchErrors[],
  data: unknown,
  ctx: DetailContext,
): ValidationDetail[] {
  const { loc, value } = locOf(data, comb.instancePath);
  const failing = branches.filter((b) => b.errors.length > 0);
  if (
    comb.keyword === 'oneOf' &&
    Array.isArray((comb.params as { passingSchemas?: unknown }).passingSchemas)
  ) {
    return [
      {
        loc: [...ctx.prefix, ...loc],
        msg: 'Input matches more than one accepted form',
        type: 'value_error',
        input: value,
      },
    ];
  }
  const base = depthOf(comb);
  const kindMismatch = failing.every((b) => {
    const [only, ...more] = b.errors;
    return (
      only !== undefined &&
      more.length === 0 &&
      depthOf(only) === base &&
      ['type', 'const', 'enum'].includes(only.keyword)
    );
  });
  if (failing.length === 0 || kindMismatch) {
    const items = failing.map((b) => mapError(b.errors[0] as ErrorObject, data, ctx.prefix));
    const lead = 'Input should be ';
    const msgs = [...new Set(items.map((i) => i.msg))];
    const msg = msgs.every((m) => m.startsWith(lead))
      ? `${lead}${msgs.map((m) => m.slice(lead.length)).join(' or ')}`
      : msgs.join('; or ') || 'Input does not match any accepted form';
    return [{ loc: [...ctx.prefix, ...loc], msg, type: items[0]?.type ?? 'value_error', input: value }];
  }
  const deepest = (b: BranchErrors): number => Math.max(...b.errors.map(depthOf));
  const [best] = [...failing].sort((a, b) => deepest(b) - deepest(a) || a.errors.length - b.errors.length);
  return toDetail((best as BranchErrors).errors, data, { ...ctx, rootUri: (best as BranchErrors).uri });
}

/** Ajv errors (allErrors mode) as detail items, in the order Ajv found them. */
export function toDetail(
  errors: readonly ErrorObject[],
  data: unknown,
  ctx: DetailContext,
): ValidationDetail[] {
  const consumed = new Set<ErrorObject>();
  const replaced = new Map<ErrorObject, ValidationDetail[]>();
  // Outermost combinators come last in Ajv's list; walking backwards lets them claim the nested ones.
  for (let i = errors.length - 1; i >= 0; i--) {
    const comb = errors[i] as ErrorObject;
    if (!COMBINATORS.has(comb.keyword) || consumed.has(comb)) continue;
    const branches = ctx.branches(comb, ctx.rootUri, data);
    // Ajv lists a failed combinator's branch errors right before it, as many as the branches give alone.
    const count = branches?.reduce((n, b) => n + b.errors.length, 0) ?? -1;
    const block = count >= 0 && count <= i ? errors.slice(i - count, i) : [];
    if (!branches || block.length !== count || !block.every((e) => within(e, comb))) {
      replaced.set(comb, [mapError(comb, data, ctx.prefix)]);
      continue;
    }
    for (const e of block) consumed.add(e);
    replaced.set(comb, summarise(comb, branches, data, ctx));
  }
  const out: ValidationDetail[] = [];
  for (const e of errors) {
    if (consumed.has(e) || e.keyword === 'if') continue; // an `if` error only repeats its `then` errors
    out.push(...(replaced.get(e) ?? [mapError(e, data, ctx.prefix)]));
  }
  return out;
}

// The validators of every shape: one Ajv 2020 instance holding every schemas/json/*.schema.json, loaded
// once at import. Validators compile on first use (a few ms each; all of them take ~150-250 ms), which
// keeps the import cheap for tools that need a handful; `compileAll()` warms every one up front.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { branchValidator } from './combinator-branches.js';
import type { ValidationDetail, ValidationError } from './generated/types.js';
import { readSchemaFiles, type SchemaDocument, schemaUri } from './schema-files.js';
import type { SchemaId, Validated } from './schema-types.js';
import { type DetailContext, toDetail } from './validation-detail.js';

export type { ValidationDetail, ValidationError } from './generated/types.js';
export type { SchemaDocument } from './schema-files.js';
export type { SchemaId, SchemaTypes, Validated } from './schema-types.js';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; detail: ValidationDetail[] };

export interface ValidateOptions {
  /** First segments of every `loc`; `['body']` by default (pydantic's name for a request body). */
  locPrefix?: ValidationDetail['loc'];
}

const schemas = readSchemaFiles();

function createAjv(options: ConstructorParameters<typeof Ajv2020>[0]): Ajv2020 {
  // allErrors: every problem at once, as FastAPI reports them. validateSchema off: checking every file
  // against the 2020-12 meta-schema costs ~100 ms per import; schemas.test.ts does it once instead.
  const instance = new Ajv2020({ allErrors: true, allowUnionTypes: true, validateSchema: false, ...options });
  addFormats.default(instance);
  for (const schema of schemas.values()) instance.addSchema(schema);
  return instance;
}

const ajv = createAjv({
  // Request schemas are the one home of the spec's defaults; response schemas carry none.
  useDefaults: true,
  // Unknown keywords, formats and ignored defaults are schema bugs: fail at compile time. `examples`
  // and the other annotations are known to Ajv. Required-without-properties is the normal way to
  // tighten a referenced shape (`allOf: [{$ref}, {required}]`, `if/then`), so that check stays off.
  strict: true,
  strictRequired: false,
});

// Error reporting re-validates single union branches, which are not always valid schemas on their own
// in strict mode (a branch holding only `required`). A second, lenient instance without defaults does
// that; it is built on the first union failure only.
let lenient: Ajv2020 | undefined;
const branches = branchValidator(() => {
  lenient ??= createAjv({ strict: false });
  return lenient;
}, schemas);

const contextOf = (id: string, options: ValidateOptions): DetailContext => ({
  prefix: options.locPrefix ?? ['body'],
  rootUri: schemaUri(id),
  branches,
});

/** Ids of every loaded schema (`meeting`, `get-meetings.request`, ...), sorted. */
export function schemaIds(): string[] {
  return [...schemas.keys()];
}

/** The schema document of an id, as read from its file. Throws for an unknown id. */
export function getSchema(id: string): SchemaDocument {
  const schema = schemas.get(id);
  if (!schema) throw new Error(`unknown schema id: ${id}`);
  return schema;
}

/** The compiled validator of an id (compiled once, then cached by Ajv). Throws for an unknown id. */
export function getValidator<T = unknown>(id: string): ValidateFunction<T> {
  getSchema(id);
  const validator = ajv.getSchema<T>(schemaUri(id));
  if (!validator) throw new Error(`schema ${id} did not compile`);
  return validator;
}

/**
 * Validates `data` against the schema `id`. Defaults of request schemas are written into `data`
 * itself (no copy is made), so `value` is `data` with its defaults filled in. A literal id types
 * `value` as its schema's type: the validator is what narrows it.
 */
export function validate<Id extends SchemaId>(
  id: Id,
  data: unknown,
  options?: ValidateOptions,
): ValidationResult<Validated<Id>>;
export function validate<T = unknown>(
  id: string,
  data: unknown,
  options?: ValidateOptions,
): ValidationResult<T>;
export function validate<T = unknown>(
  id: string,
  data: unknown,
  options: ValidateOptions = {},
): ValidationResult<T> {
  const validator = getValidator<T>(id);
  if (validator(data)) return { ok: true, value: data };
  return { ok: false, detail: toDetail(validator.errors ?? [], data, contextOf(id, options)) };
}

/** Detail items of the errors a validator from getValidator(id) left after validating `data`. */
export function detailOf(
  id: string,
  errors: readonly ErrorObject[],
  data: unknown,
  options: ValidateOptions = {},
): ValidationDetail[] {
  return toDetail(errors, data, contextOf(id, options));
}

/** The 422 body for detail items: `{detail: [...]}` (schema `validation-error`). */
export function validationErrorBody(detail: ValidationDetail[]): ValidationError {
  return { detail };
}

/** Compiles every schema now; returns the ids, in order. Throws on the first schema that fails. */
export function compileAll(): string[] {
  for (const id of schemas.keys()) getValidator(id);
  return schemaIds();
}

// Types of the schema files by id, for code that names a schema by its literal id: `validate` hands
// out `Validated<Id>`, and the route catalog's request and response ids type their routes
// (route-spec.ts). The maps themselves are generated with the types (generated/types.ts).
import type { SchemaDefaults, SchemaTypes } from './generated/types.js';

export type { SchemaDefaults, SchemaTypes } from './generated/types.js';

/** The id of a schema file (`meeting`, `get-meetings.request`, ...). */
export type SchemaId = keyof SchemaTypes;

/** A value that passed the schema `Id`: its type, with the fields validation filled from their defaults present. */
export type Validated<Id extends SchemaId> = Id extends keyof SchemaDefaults
  ? SchemaTypes[Id] & Required<Pick<SchemaTypes[Id], Extract<SchemaDefaults[Id], keyof SchemaTypes[Id]>>>
  : SchemaTypes[Id];

// The shared constants and route catalog of schemas/. `@parley/schemas` exports only the validators
// (and `./types`, `./paths`), so the server reads these two modules through this one file; when
// the schemas package exports them, only these lines change.
export * from '../../../schemas/src/constants.js';
export * from '../../../schemas/src/routes.js';

// Filesystem locations of the schema artefacts, so servers, the conformance kit and scripts read the
// same files wherever the package is installed.
import { fileURLToPath } from 'node:url';

const root = (relative: string): string => fileURLToPath(new URL(`../${relative}`, import.meta.url));

export const schemasRoot = root('');
export const jsonSchemaDir = root('json');
export const protoDir = root('proto');
export const openapiPath = root('openapi.yaml');
export const asyncapiPath = root('asyncapi.yaml');
export const generatedTypesPath = root('src/generated/types.ts');

/** Base of every schema `$id`: `${SCHEMA_ID_BASE}<id>.schema.json`. */
export const SCHEMA_ID_BASE = 'https://parley.dev/schemas/';

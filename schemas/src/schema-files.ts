// Reads the schema folder: every `<id>.schema.json` whoever wrote it, with no hand-kept list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaDir, SCHEMA_ID_BASE } from './paths.js';

export interface SchemaDocument {
  $id: string;
  title: string;
  description?: string;
  examples?: unknown[];
  [keyword: string]: unknown;
}

export interface AntiExample {
  why: string;
  value: unknown;
}

const SCHEMA_SUFFIX = '.schema.json';
const ANTI_SUFFIX = '.anti.json';

/** The id of a schema file (`meeting` for `meeting.schema.json`). */
export const idOfFile = (file: string): string => file.slice(0, -SCHEMA_SUFFIX.length);
export const fileOfId = (id: string): string => `${id}${SCHEMA_SUFFIX}`;
export const schemaUri = (id: string): string => `${SCHEMA_ID_BASE}${fileOfId(id)}`;

/** Every schema of the folder, keyed by id, sorted by id so outputs built from it are stable. */
export function readSchemaFiles(dir: string = jsonSchemaDir): Map<string, SchemaDocument> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(SCHEMA_SUFFIX))
    .sort();
  const schemas = new Map<string, SchemaDocument>();
  for (const file of files) {
    const id = idOfFile(file);
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SchemaDocument;
    if (schema.$id !== schemaUri(id)) {
      throw new Error(`${file}: $id must be ${schemaUri(id)}, found ${String(schema.$id)}`);
    }
    schemas.set(id, schema);
  }
  return schemas;
}

/** Anti-examples of a schema (`<id>.anti.json`); an empty list when the file does not exist. */
export function readAntiExamples(id: string, dir: string = jsonSchemaDir): AntiExample[] {
  const file = join(dir, `${id}${ANTI_SUFFIX}`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as AntiExample[]) : [];
}

// Re-validates each branch of a failed anyOf/oneOf on its own. Ajv's error list does not say which
// branch an error came from when the branches are references to other files, and the detail mapping
// needs exactly that to report the branch the caller most likely meant.
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { idOfFile, type SchemaDocument } from './schema-files.js';
import type { BranchErrors } from './validation-detail.js';

const tokens = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));

const at = (root: unknown, path: string[], arrays = false): unknown =>
  path.reduce<unknown>((node, t) => {
    if (arrays && Array.isArray(node)) return node[Number(t)];
    return (node as Record<string, unknown> | undefined)?.[t];
  }, root);

/**
 * The absolute URI (with JSON pointer fragment) of the schema an Ajv `schemaPath` names. Paths start
 * with `#` inside the validated schema, or with the `$ref` text (`language-hints.schema.json/oneOf`)
 * inside a referenced file.
 */
export function resolveSchemaPath(rootUri: string, schemaPath: string): string {
  const [rootFile = '', rootFragment = ''] = rootUri.split('#');
  if (schemaPath.startsWith('#')) return `${rootFile}#${rootFragment}${schemaPath.slice(1)}`;
  const match = /^(.*?\.json)#?(.*)$/.exec(schemaPath);
  if (!match) return `${rootFile}#${rootFragment}`;
  return `${new URL(match[1] ?? '', rootFile).href}#${match[2] ?? ''}`;
}

export function branchValidator(ajvOf: () => Ajv2020, schemas: Map<string, SchemaDocument>) {
  return (comb: ErrorObject, rootUri: string, data: unknown): BranchErrors[] | undefined => {
    const uri = resolveSchemaPath(rootUri, comb.schemaPath);
    const [file = '', fragment = ''] = uri.split('#');
    const doc = schemas.get(idOfFile(file.slice(file.lastIndexOf('/') + 1)));
    const list = at(doc, tokens(fragment));
    if (!Array.isArray(list)) return undefined;
    const input = at(data, tokens(comb.instancePath), true);
    return list.map((_, k) => {
      const branchUri = `${file}#${fragment}/${k}`;
      const validate = ajvOf().getSchema(branchUri);
      if (!validate) return { uri: branchUri, errors: [] };
      validate(input);
      const errors = (validate.errors ?? []).map((e) => ({
        ...e,
        instancePath: `${comb.instancePath}${e.instancePath}`,
      }));
      return { uri: branchUri, errors };
    });
  };
}

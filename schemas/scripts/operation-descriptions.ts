// The operation descriptions of openapi.yaml live in operation-descriptions.yaml (keyed by
// operationId) so that the spec's wording has one home beside the generated route shapes. Every
// operation must have one, and every entry must describe an operation: both are build errors.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const FILE = fileURLToPath(new URL('../operation-descriptions.yaml', import.meta.url));

export function loadOperationDescriptions(): Map<string, string> {
  const parsed = parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  const entries = Object.entries(parsed).map(([id, text]) => {
    if (typeof text !== 'string' || !text.trim()) throw new Error(`${FILE}: ${id} needs a description`);
    return [id, text.trim()] as const;
  });
  return new Map(entries);
}

/** Sets `description` on every operation (callbacks included); throws on a missing or unused entry. */
export function describeOperations(paths: Record<string, Record<string, unknown>>): void {
  const descriptions = loadOperationDescriptions();
  const unused = new Set(descriptions.keys());
  const visit = (item: Record<string, unknown>) => {
    for (const value of Object.values(item)) {
      if (!value || typeof value !== 'object') continue;
      const op = value as Record<string, unknown>;
      if (typeof op.operationId !== 'string') continue;
      const text = descriptions.get(op.operationId);
      if (text === undefined) throw new Error(`${FILE}: no description of ${op.operationId}`);
      op.description = text;
      unused.delete(op.operationId);
      for (const callback of Object.values((op.callbacks as object | undefined) ?? {})) {
        for (const cbItem of Object.values(callback as object)) visit(cbItem as Record<string, unknown>);
      }
    }
  };
  for (const item of Object.values(paths)) visit(item);
  if (unused.size) throw new Error(`${FILE}: descriptions of no operation: ${[...unused].join(', ')}`);
}

import { describe, expect, it } from 'vitest';
import { getSchema, schemaIds } from './index.js';

// Every string and array a client sends is bounded (README "Request limits"): an unbounded one lets
// one request store megabytes in every listing or build a statement with too many SQL variables.
// Walks the request schemas, the forms and the stream config, and the shared shapes they refer to
// (the emulator's seed refers to answer shapes, which are the server's own output, not walked).

const REQUESTS = schemaIds().filter((id) => id.endsWith('.request') || id.endsWith('.form'));
const SHARED = ['stream-config', 'participant-id', 'context-keywords', 'language-hints'];

function unbounded(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) unbounded(item, `${path}/${i}`, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  const schema = node as Record<string, unknown>;
  const types = [schema.type].flat();
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !schema.enum &&
    schema.const === undefined
  )
    found.push(`${path} (string without maxLength)`);
  if (types.includes('array') && schema.maxItems === undefined)
    found.push(`${path} (array without maxItems)`);
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples' || key === 'default') continue;
    unbounded(value, `${path}/${key}`, found);
  }
  return found;
}

describe('request limits', () => {
  it.each([...REQUESTS, ...SHARED])('%s bounds every string and array', (id) => {
    expect(unbounded(getSchema(id), id, [])).toEqual([]);
  });

  it('walks the request schemas of every route', () => {
    expect(REQUESTS.length).toBeGreaterThan(30);
  });
});

// Every schema file, whoever wrote it: compiles in strict mode, carries the metadata the conventions
// require, accepts its examples and refuses its anti-examples.
import { readdirSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compileAll, getSchema, getValidator, schemaIds, validate } from './index.js';
import { jsonSchemaDir } from './paths.js';
import { restRoutes } from './routes.js';
import { readAntiExamples, schemaUri } from './schema-files.js';

const ids = schemaIds();
const accepts = (id: string, value: unknown): boolean => getValidator(id)(structuredClone(value));

/** Every value of `key` anywhere inside a schema. */
function collect(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const n of node) collect(n, key, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(v);
      if (k !== 'examples') collect(v, key, out);
    }
  }
  return out;
}

describe('schema files', () => {
  it('loads every *.schema.json of the folder', () => {
    const files = readdirSync(jsonSchemaDir).filter((f) => f.endsWith('.schema.json'));
    expect(ids).toHaveLength(files.length);
    expect(ids.length).toBeGreaterThan(60);
  });

  it('conforms every file to the JSON Schema 2020-12 meta-schema', () => {
    // The validators skip this check at import for speed; it runs here once.
    const meta = new Ajv2020();
    for (const id of ids)
      expect(meta.validateSchema(getSchema(id)), `${id}: ${meta.errorsText()}`).toBe(true);
  });

  it('compiles every schema in strict mode', () => {
    expect(compileAll()).toEqual(ids);
  });

  it.each(ids)('%s has $schema, $id, a PascalCase title, a description and examples', (id) => {
    const s = getSchema(id);
    expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(s.$id).toBe(schemaUri(id));
    expect(s.title).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    expect(s.description?.length ?? 0).toBeGreaterThan(10);
    expect(s.examples?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(ids)('%s accepts every example and refuses every anti-example', (id) => {
    for (const example of getSchema(id).examples ?? []) {
      expect(accepts(id, example), JSON.stringify(example)).toBe(true);
    }
    const antis = readAntiExamples(id);
    expect(antis.length, `${id}.anti.json has anti-examples`).toBeGreaterThan(0);
    for (const anti of antis) {
      expect(anti.why.length).toBeGreaterThan(0);
      expect(accepts(id, anti.value), anti.why).toBe(false);
    }
  });

  it('keeps defaults out of response schemas', () => {
    for (const id of ids.filter((i) => i.endsWith('.response')))
      expect(collect(getSchema(id), 'default'), id).toEqual([]);
  });

  it.each(restRoutes.map((r) => r.request as string))(
    '%s refuses unknown fields with extra_forbidden',
    (id) => {
      const example = structuredClone(getSchema(id).examples?.[0]) as Record<string, unknown>;
      const result = validate(id, { ...example, unexpected_field: 1 });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.detail).toContainEqual({
          loc: ['body', 'unexpected_field'],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
          input: 1,
        });
      }
    },
  );

  it('lets the free-form message objects carry extra fields', () => {
    const message = { meeting_id: 'mtg_1', text: 'Hello', client_ref: 'c-17', mentions: ['usr_2'] };
    expect(accepts('send-meeting-message.request', { meeting_message: message })).toBe(true);
    expect(
      accepts('ask-ai-for-meeting.request', { meeting_id: 'mtg_1', message: { text: 'Why?', lang: 'en' } }),
    ).toBe(true);
  });
});

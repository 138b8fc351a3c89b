import fs from 'node:fs';
import { DiagnosticSeverity, type ParseOutput, Parser } from '@asyncapi/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { asyncapiPath } from './paths.js';
import { LIVE_STT_PATH } from './routes.js';
import { readSchemaFiles } from './schema-files.js';

const source = fs.readFileSync(asyncapiPath, 'utf8');

describe('asyncapi.yaml', () => {
  let parsed: ParseOutput;
  beforeAll(async () => {
    parsed = await new Parser().parse(source, { source: asyncapiPath });
  });

  it('parses with no errors (warnings are listed)', () => {
    const { document, diagnostics } = parsed;
    const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    for (const d of diagnostics.filter((d) => d.severity === DiagnosticSeverity.Warning)) {
      console.warn(`asyncapi warning ${d.code}: ${d.message} at ${d.path.join('.')}`);
    }
    expect(errors.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(document).toBeDefined();
  });

  it('describes the live stream path with api_key required', () => {
    const { document } = parsed;
    const channel = document?.channels().get('liveStt');
    expect(channel?.address()).toBe(LIVE_STT_PATH);
    const query = channel?.bindings().get('ws')?.value() as { query: { required: string[] } };
    expect(query.query.required).toEqual(['api_key']);
  });

  it('references every stream-* schema file', () => {
    const ids = [...readSchemaFiles().keys()].filter((id) => id.startsWith('stream-'));
    expect(ids.length).toBeGreaterThan(0);
    const refs = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.add(value);
          else collect(value);
        }
      }
    };
    collect(parseYaml(source));
    const missing = ids.filter((id) => !refs.has(`./json/${id}.schema.json`));
    expect(missing).toEqual([]);
  });

  it('resolves payloads from the schema files, nested refs included', () => {
    const { document } = parsed;
    const config = document?.messages().get('config')?.payload()?.json() as {
      properties: { language_hints: { oneOf: unknown[] } };
    };
    expect(config.properties.language_hints.oneOf).toHaveLength(2);
    const result = document?.messages().get('result')?.payload()?.json() as { required: string[] };
    expect(result.required).toEqual(['chunk']);
  });
});

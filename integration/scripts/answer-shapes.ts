// The shapes of the answers the app reads, reduced from the schemas' JSON Schema files for the app's
// own checker (src/answer-check.ts): the app ships alone, without a JSON Schema validator or
// @parley/schemas, so sync-samples copies what it checks — each JSON type, required key, nested
// object and list, and the string rules (minLength, pattern) — into src/generated/answer-shapes.ts.
// `oneOf`/`anyOf` keep their branches (an answer passes when one does), `allOf` is merged, `$ref`
// resolved. Formats, enums, consts and if/then are left out: the app shows those values as they come.
import { readFileSync } from 'node:fs';
import { DEFAULT_PARTNER_SEGMENT } from '@parley/schemas/constants';
import { jsonSchemaDir } from '@parley/schemas/paths';
import type { RouteSpec } from '@parley/schemas/route-spec';
import { allRoutes } from '@parley/schemas/routes';
import { partnerHookRoutes } from '@parley/schemas/server-routes';
import type { Shape } from '../src/answer-shape.js';

type Schema = Record<string, unknown>;

const files = new Map<string, Schema>();
const fileOf = (name: string): Schema => {
  const cached = files.get(name);
  if (cached) return cached;
  const schema = JSON.parse(readFileSync(`${jsonSchemaDir}/${name}`, 'utf8')) as Schema;
  files.set(name, schema);
  return schema;
};

/** `x.schema.json`, `x.schema.json#/properties/y` or `#/$defs/y`, read from `file`. */
function resolve(ref: string, file: string): { schema: Schema; file: string } {
  const [target = '', pointer = ''] = ref.split('#');
  const name = target || file;
  let schema: unknown = fileOf(name);
  for (const part of pointer.split('/').filter(Boolean)) schema = (schema as Schema)[part];
  if (!schema || typeof schema !== 'object') throw new Error(`${file}: cannot resolve ${ref}`);
  return { schema: schema as Schema, file: name };
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];

/** Two shapes a value must both meet (allOf): types intersect, keys and properties add up. */
function merge(a: Shape, b: Shape): Shape {
  const out: Shape = { ...a, ...b };
  if (a.type && b.type) out.type = a.type.filter((t) => b.type?.includes(t));
  const required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (required.length) out.required = required;
  if (a.properties || b.properties) {
    const properties: Record<string, Shape> = { ...a.properties };
    for (const [key, shape] of Object.entries(b.properties ?? {})) {
      const before = properties[key];
      properties[key] = before ? merge(before, shape) : shape;
    }
    out.properties = properties;
  }
  if (a.items && b.items) out.items = merge(a.items, b.items);
  return out;
}

export function reduce(schema: Schema, file: string): Shape {
  let shape: Shape = {};
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, file);
    shape = reduce(target.schema, target.file);
  }
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) shape = merge(shape, reduce(part, file));
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (branches) shape.anyOf = branches.map((branch) => reduce(branch, file));
  const own: Shape = {};
  const type = asList(schema.type);
  if (type.length) own.type = type;
  const required = asList(schema.required);
  if (required.length) own.required = required;
  if (schema.properties) {
    own.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Schema>).map(([key, value]) => [
        key,
        reduce(value, file),
      ]),
    );
  }
  if (schema.items && typeof schema.items === 'object') own.items = reduce(schema.items as Schema, file);
  if (typeof schema.minLength === 'number') own.minLength = schema.minLength;
  if (typeof schema.pattern === 'string') own.pattern = schema.pattern;
  return merge(shape, own);
}

/** The routes whose answers the app reads (by catalog name), in the order the checker tries them. */
export const READ_ROUTES = [
  'get-meetings',
  'create-meeting',
  'summarize-meeting',
  'get-meeting-transcripts',
  'stt',
  'partner-me',
  'trigger-meeting-ended',
  'trigger-summary-ready',
  'trigger-contact-discovered',
  'trigger-followup-email-ready',
  'partner-meeting',
  'generate-document',
  'partner-hook-subscribe',
  'partner-hook-unsubscribe',
] as const;

/** What a route answers with a 200 and, where it also accepts a callback, with a 202. */
const ACCEPTED: Record<string, string> = { stt: 'stt-accepted.response' };

const partnerPrefix = `/api/${DEFAULT_PARTNER_SEGMENT}`;

export function answerShapes() {
  const routes: readonly RouteSpec[] = [...allRoutes, ...partnerHookRoutes];
  return READ_ROUTES.map((name) => {
    const route = routes.find((r) => r.name === name);
    if (!route?.response) throw new Error(`${name}: no route with a response schema in the catalog`);
    // Partner paths are matched under the deployment's segment, REST paths under /v1.
    const path = route.path.startsWith(partnerPrefix) ? route.path.slice(partnerPrefix.length) : route.path;
    const file = `${route.response}.schema.json`;
    const accepted = ACCEPTED[name];
    return {
      name,
      method: route.method,
      partner: route.path.startsWith(partnerPrefix),
      path,
      shape: reduce(fileOf(file), file),
      ...(accepted ? { accepted: reduce(fileOf(`${accepted}.schema.json`), `${accepted}.schema.json`) } : {}),
    };
  });
}

/** Bodies the service POSTs to the app (hook deliveries, callbacks), checked as answers are. */
export const DELIVERIES = ['partner-hook-delivery', 'generate-document-callback', 'stt-callback'] as const;

export const deliveryShapes = () =>
  Object.fromEntries(DELIVERIES.map((id) => [id, reduce(fileOf(`${id}.schema.json`), `${id}.schema.json`)]));

// What a new version breaks for Zaps built on the released one (the platform's compatibility checks
// C001–C003 and its versioning matrix): a removed or hidden step, a removed (or renamed) input key, a new
// or newly required input, a trigger switched between polling and hooks, another authentication type, a
// removed output field or sample key. Since 2026-05-12 the platform pauses the promotion of a version
// that ships one without a new major version, and `zapier-platform migrate` works within one major only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import App from '../src/index.js';

/** The last released definition, as `npm run release -w integration` wrote it. */
export const releasedPath = fileURLToPath(new URL('../released/definition.json', import.meta.url));

interface Field {
  key: string;
  required?: boolean;
  type?: string;
}
interface Operation {
  key: string;
  display?: { hidden?: boolean };
  operation?: {
    type?: string;
    inputFields?: (Field | string)[];
    outputFields?: (Field | string)[];
    sample?: Record<string, unknown>;
  };
}
export interface Definition {
  version: string;
  authentication?: { type?: string };
  triggers?: Record<string, Operation>;
  searches?: Record<string, Operation>;
  creates?: Record<string, Operation>;
  searchOrCreates?: Record<string, { key: string; search: string; create: string }>;
}

/** The app's definition as the platform stores it (core's `definition` command: functions named, JSON). */
export function currentDefinition(): Definition {
  const { prepareApp, serializeApp } = createRequire(import.meta.url)(
    'zapier-platform-core/src/tools/schema',
  );
  return serializeApp(prepareApp(App)) as Definition;
}

export const readDefinition = (path: string): Definition =>
  JSON.parse(readFileSync(path, 'utf8')) as Definition;

/** A sample's leaf values by the names output fields give them: `a__b` in objects, `a[]b` in lists of objects. */
export function flatValues(value: unknown, prefix = ''): [string, unknown][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, v]): [string, unknown][] => {
    const name = `${prefix}${key}`;
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === 'object' && !Array.isArray(x)))
      return v.flatMap((item) => flatValues(item, `${name}[]`));
    if (v && typeof v === 'object' && !Array.isArray(v)) return flatValues(v, `${name}__`);
    return [[name, v]];
  });
}

/** A sample's keys as output fields name them, each once. */
export const sampleKeys = (value: unknown): string[] => [...new Set(flatValues(value).map(([key]) => key))];

/** Static fields only: a dynamic field (a function) is the platform's to judge at run time. */
export const fields = (list: (Field | string)[] | undefined): Field[] =>
  (list ?? []).filter((f): f is Field => typeof f === 'object' && f !== null);

export const KINDS = ['triggers', 'searches', 'creates'] as const;
/** A step as the platform's changelog names it (`create/create_meeting`), which promote reads. */
export const stepName = (kind: (typeof KINDS)[number], key: string) =>
  `${{ triggers: 'trigger', searches: 'search', creates: 'create' }[kind]}/${key}`;

/** Every change in `current` that breaks a Zap built on `released`, in words naming the step and key. */
export function breakingChanges(released: Definition, current: Definition): string[] {
  const found: string[] = [];
  if (released.authentication?.type !== current.authentication?.type) {
    found.push(
      `authentication: type ${released.authentication?.type} became ${current.authentication?.type} (every connection must be made again)`,
    );
  }
  for (const kind of KINDS) {
    for (const [key, was] of Object.entries(released[kind] ?? {})) {
      const now = current[kind]?.[key];
      const step = stepName(kind, key);
      if (!now) {
        found.push(`${step}: step removed (C001)`);
        continue;
      }
      if (!was.display?.hidden && now.display?.hidden) found.push(`${step}: step hidden (C001)`);
      if (kind === 'triggers' && (was.operation?.type ?? 'polling') !== (now.operation?.type ?? 'polling')) {
        found.push(
          `${step}: ${was.operation?.type ?? 'polling'} trigger became ${now.operation?.type ?? 'polling'}`,
        );
      }
      const before = new Map(fields(was.operation?.inputFields).map((f) => [f.key, f]));
      const after = new Map(fields(now.operation?.inputFields).map((f) => [f.key, f]));
      for (const [fieldKey, field] of before) {
        const next = after.get(fieldKey);
        if (!next) found.push(`${step}: input field "${fieldKey}" removed or renamed (C002)`);
        else if (!field.required && next.required)
          found.push(`${step}: input field "${fieldKey}" became required`);
      }
      for (const [fieldKey, field] of after) {
        if (!before.has(fieldKey) && field.required)
          found.push(`${step}: new required input field "${fieldKey}"`);
      }
      const outputs = new Set(fields(now.operation?.outputFields).map((f) => f.key));
      for (const f of fields(was.operation?.outputFields)) {
        if (!outputs.has(f.key)) found.push(`${step}: output field "${f.key}" removed`);
      }
      const samples = new Set(sampleKeys(now.operation?.sample));
      for (const sampleKey of sampleKeys(was.operation?.sample)) {
        if (!samples.has(sampleKey)) found.push(`${step}: sample key "${sampleKey}" removed (C003)`);
      }
    }
  }
  for (const key of Object.keys(released.searchOrCreates ?? {})) {
    if (!current.searchOrCreates?.[key]) found.push(`search-or-create/${key}: step removed (C001)`);
  }
  return found;
}

const major = (version: string) => Number(/^(\d+)\./.exec(version)?.[1] ?? Number.NaN);

/** The guard's verdict: fails when something breaks and the major version stayed. */
export function guard(released: Definition, current: Definition) {
  const changes = breakingChanges(released, current);
  const bumped = major(current.version) > major(released.version);
  return { changes, bumped, ok: changes.length === 0 || bumped };
}

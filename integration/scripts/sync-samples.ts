// Copies what the app needs from schemas/ into src/generated/service-data.ts: the static samples (the
// schemas' `examples`, so a sample always has the shape the service returns), the few constants the
// app sends and the catalog's polling triggers; and writes src/generated/partner-triggers.ts, which
// collects each catalog trigger's operation file (src/triggers/<slug>.trigger.ts) by catalog name. The
// app is built and shipped on its own (`zapier-platform build`), so it cannot import @parley/schemas at
// run time; src/test/service-data.test.ts fails when these copies are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DEFAULT_PARTNER_SEGMENT,
  DOCUMENT_MODELS,
  HOOK_EVENTS,
  Limits,
  STT_LANGUAGES,
} from '@parley/schemas/constants';
import { generatedTypesPath, jsonSchemaDir } from '@parley/schemas/paths';
import { triggerRoutes } from '@parley/schemas/routes';
import { answerShapes, DELIVERIES, deliveryShapes } from './answer-shapes.js';

export const generatedPath = fileURLToPath(new URL('../src/generated/service-data.ts', import.meta.url));
/** The schemas' generated types, copied so that the package (and its source.zip) type-checks alone. */
export const typesCopyPath = fileURLToPath(new URL('../src/generated/schema-types.ts', import.meta.url));
/** The catalog triggers' operation modules, keyed by catalog name (imported by src/index.ts). */
export const triggersPath = fileURLToPath(new URL('../src/generated/partner-triggers.ts', import.meta.url));
/** The shapes of the answers the app reads, for its checker (src/answer-check.ts). */
export const shapesPath = fileURLToPath(new URL('../src/generated/answer-shapes.ts', import.meta.url));

const PARTNER_PREFIX = `/api/${DEFAULT_PARTNER_SEGMENT}`;
/** `trigger-meeting-ended` → `meeting-ended`: the operation file's name and the trigger's hook event. */
const slugOf = (name: string) => name.replace(/^trigger-/, '');
const camel = (slug: string) => slug.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const pascal = (slug: string) => camel(`-${slug}`);

/** Each catalog trigger as the app reads it: its route under the partner prefix and its hook event. */
const partnerTriggers = () =>
  triggerRoutes.map((route) => {
    if (!route.path.startsWith(`${PARTNER_PREFIX}/`)) {
      throw new Error(`${route.name}: ${route.path} is not under ${PARTNER_PREFIX}`);
    }
    const event = slugOf(route.name);
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      throw new Error(`${route.name}: no hook event ${event} in HOOK_EVENTS for its instant twin`);
    }
    // orderedBy: the items' newest-first field, by which the app puts a list back in order.
    const { orderedBy } = route.trigger;
    return { name: route.name, path: route.path.slice(PARTNER_PREFIX.length), event, orderedBy };
  });

export function renderTypes(): string {
  return [
    '// Copied by integration/scripts/sync-samples.ts from schemas/src/generated/types.ts. Do not edit:',
    '// run `npm run sync-samples -w integration`. Types only: nothing of it reaches the built app.',
    readFileSync(generatedTypesPath, 'utf8'),
  ].join('\n');
}

const example = (id: string, index = 0): Record<string, unknown> => {
  const schema = JSON.parse(readFileSync(`${jsonSchemaDir}/${id}.schema.json`, 'utf8')) as {
    examples?: unknown[];
  };
  const value = schema.examples?.[index];
  if (value === undefined || value === null || typeof value !== 'object') {
    throw new Error(`${id}.schema.json has no object example #${index}`);
  }
  return value as Record<string, unknown>;
};

const field = (value: Record<string, unknown>, key: string): Record<string, unknown> => {
  const inner = value[key];
  if (Array.isArray(inner)) return inner[0] as Record<string, unknown>;
  return inner as Record<string, unknown>;
};

/** One example per shape the app shows: [source schema id, field to take (first item of a list), type]. */
const sources = {
  partnerMe: ['partner-me.response', undefined, 'PartnerMeResponse'],
  // Each catalog trigger's item, named for its slug (`meetingEnded`).
  ...Object.fromEntries(
    triggerRoutes.map((route) => [
      camel(slugOf(route.name)),
      [`${route.name}.item`, undefined, `${pascal(route.name)}Item`] as const,
    ]),
  ),
  partnerMeeting: ['partner-meeting.response', undefined, 'PartnerMeetingResponse'],
  generatedDocument: [
    'generate-document.response',
    undefined,
    'Extract<GenerateDocumentResponse, { document_text: string }>',
  ],
  documentCallback: [
    'generate-document-callback',
    undefined,
    "Extract<GenerateDocumentCallback, { status: 'success' }>",
  ],
  listedMeeting: ['get-meetings.response', 'meetings', 'MeetingWithProfiles'],
  createdMeeting: ['create-meeting.response', 'meeting', "CreateMeetingResponse['meeting']"],
  summaryMessage: [
    'summarize-meeting.response',
    'meeting_message',
    "SummarizeMeetingResponse['meeting_message']",
  ],
  transcription: ['stt.response', undefined, 'SttResponse'],
  transcriptRecord: ['get-meeting-transcripts.response', 'transcripts', 'TranscriptRecord'],
} as const satisfies Record<string, readonly [string, string | undefined, string]>;

export function sampleSources(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(sources).map(([name, [id, key]]) => {
      const value = example(id);
      return [name, key === undefined ? value : field(value, key)];
    }),
  );
}

const typeNames = (): string[] =>
  [...new Set(Object.values(sources).flatMap(([, , type]) => type.match(/\b[A-Z][A-Za-z]+\b/g) ?? []))]
    .filter((name) => name !== 'Extract')
    .sort();

export function render(): string {
  const constants = {
    DEFAULT_PARTNER_SEGMENT,
    DOCUMENT_MODELS,
    HOOK_EVENTS,
    STT_LANGUAGES,
    GET_MEETINGS_MAX_LIMIT: Limits.meetings.max,
    PARTNER_TRIGGERS: partnerTriggers(),
  };
  const lines = [
    '// Generated by integration/scripts/sync-samples.ts from schemas/json examples and',
    '// schemas/src/constants.ts. Do not edit: run `npm run sync-samples -w integration`.',
    '',
    `import type { ${typeNames().join(', ')} } from './schema-types.js';`,
    '',
    ...Object.entries(constants).map(
      ([name, value]) => `export const ${name} = ${JSON.stringify(value)} as const;`,
    ),
    '',
    // Typed by the schemas' generated types, so a sample that stops matching its shape fails typechecking.
    'export const schemaExamples: {',
    ...Object.entries(sources).map(([name, [, , type]]) => `  ${name}: ${type};`),
    `} = ${JSON.stringify(sampleSources(), null, 2)};`,
    '',
  ];
  return lines.join('\n');
}

/** One import per catalog trigger: a trigger without its operation file fails typechecking here. */
export function renderTriggers(): string {
  const triggers = partnerTriggers();
  return [
    "// Generated by integration/scripts/sync-samples.ts from the catalog's triggers (schemas/src/routes.ts).",
    '// Do not edit: add the trigger to the catalog, write src/triggers/<slug>.trigger.ts, run',
    '// `npm run sync-samples -w integration`.',
    '',
    // Sorted as the formatter sorts imports, so the generated file passes `biome check` as it is.
    ...triggers
      .map(({ name }) => `import ${camel(slugOf(name))} from '../triggers/${slugOf(name)}.trigger.js';`)
      .sort((a, b) => a.slice(a.indexOf("'")).localeCompare(b.slice(b.indexOf("'")))),
    '',
    "/** Each catalog trigger's operations (its polling trigger and instant twin), keyed by catalog name. */",
    'export const partnerTriggerOperations = {',
    ...triggers.map(({ name }) => `  '${name}': ${camel(slugOf(name))},`),
    '} as const;',
    '',
  ].join('\n');
}

export function renderShapes(): string {
  return [
    '// Generated by integration/scripts/sync-samples.ts (scripts/answer-shapes.ts) from schemas/json and the',
    '// route catalog. Do not edit: run `npm run sync-samples -w integration`.',
    '',
    "import type { Shape } from '../answer-shape.js';",
    '',
    '/** Each route whose answer the app reads: method, path (partner paths under the segment), shapes. */',
    'export const ANSWER_SHAPES: readonly {',
    '  name: string;',
    '  method: string;',
    '  partner: boolean;',
    '  path: string;',
    '  shape: Shape;',
    '  accepted?: Shape;',
    `}[] = ${JSON.stringify(answerShapes())};`,
    '',
    '/** Bodies the service POSTs to the app: hook deliveries and callbacks. */',
    `export const DELIVERY_SHAPES: Record<${DELIVERIES.map((id) => `'${id}'`).join(' | ')}, Shape> = ${JSON.stringify(deliveryShapes())};`,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(generatedPath, render());
  writeFileSync(typesCopyPath, renderTypes());
  writeFileSync(triggersPath, renderTriggers());
  writeFileSync(shapesPath, renderShapes());
  console.log(`wrote ${generatedPath}, ${typesCopyPath}, ${triggersPath} and ${shapesPath}`);
}

// The platform's publishing checks that can be judged from an app definition, as functions that return
// what they find wrong (an empty list passes), so each can be run on the app and on a seeded bad copy.
// Ids are the platform's ("Integration checks reference"); the full set runs online in validate.
import type { PlainOutputField } from 'zapier-platform-core';
import { flatValues, sampleKeys } from '../../scripts/breaking-changes.js';

export interface Operation {
  kind: 'trigger' | 'search' | 'create';
  key: string;
  label: string;
  description: string;
  hidden: boolean;
  type?: string;
  sample: unknown;
  inputFields: { key: string; label?: string; helpText?: string; dynamic?: string }[];
  outputFields: PlainOutputField[];
}

type Group = Record<
  string,
  {
    key: string;
    display: { label: string; description: string; hidden?: boolean };
    operation: Record<string, unknown>;
  }
>;
export interface AppLike {
  triggers?: unknown;
  searches?: unknown;
  creates?: unknown;
}

/** Every trigger, search and action of an app, in the few words the checks read. */
export const operationsOf = (app: AppLike): Operation[] =>
  (
    [
      ['trigger', app.triggers],
      ['search', app.searches],
      ['create', app.creates],
    ] as const
  ).flatMap(([kind, group]) =>
    Object.values((group ?? {}) as Group).map((o) => ({
      kind,
      key: o.key,
      label: o.display.label,
      description: o.display.description,
      hidden: o.display.hidden === true,
      type: o.operation.type as string | undefined,
      sample: o.operation.sample,
      inputFields: (o.operation.inputFields ?? []) as Operation['inputFields'],
      outputFields: (o.operation.outputFields ?? []) as PlainOutputField[],
    })),
  );

const SMALL_WORDS = new Set('a an and as at by for from in of on or the to with'.split(' '));
export const isTitleCase = (label: string) =>
  label.split(/\s+/).every((word, i) => {
    const bare = word.replace(/^[^A-Za-z]+/, '');
    if (!bare || !/^[a-z]/i.test(bare)) return true;
    return /^[A-Z]/.test(bare) || (i > 0 && SMALL_WORDS.has(bare.toLowerCase()));
  });

/** An ISO 8601 date, or date and time with a zone (Z or ±hh:mm): D023. */
const ISO_8601_ZONED = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

export const rules = {
  /** D011: an input field's help text says more than its label. */
  D011: (ops: Operation[]) =>
    ops.flatMap((o) =>
      o.inputFields
        .filter((f) => {
          const [help, label] = [words(f.helpText ?? ''), words(f.label ?? '')];
          return help.length <= label.length + 2 || help.join(' ') === label.join(' ');
        })
        .map((f) => `${o.key}.${f.key}: help text says no more than the label`),
    ),
  /** D010: every sample has the primary key `id`, and the `id` output field is marked primary. */
  D010: (ops: Operation[]) =>
    ops.flatMap((o) => [
      ...(['string', 'number'].includes(typeof (o.sample as { id?: unknown } | undefined)?.id)
        ? []
        : [`${o.key}: sample has no id`]),
      ...(o.outputFields.find((f) => f.key === 'id')?.primary
        ? []
        : [`${o.key}: id is not the primary output field`]),
    ]),
  /** D012: every operation has a static sample. */
  D012: (ops: Operation[]) =>
    ops.flatMap((o) => (o.sample && typeof o.sample === 'object' ? [] : [`${o.key}: no static sample`])),
  /** D024: the sample's keys are the output fields' keys. */
  D024: (ops: Operation[]) =>
    ops.flatMap((o) => {
      const samples = sorted(sampleKeys(o.sample));
      const fields = sorted(o.outputFields.map((f) => f.key));
      return JSON.stringify(samples) === JSON.stringify(fields)
        ? []
        : [
            `${o.key}: sample keys ${samples.filter((k) => !fields.includes(k))} / output fields ${fields.filter((k) => !samples.includes(k))} differ`,
          ];
    }),
  /** D018: labels of steps, input and output fields are title case. */
  D018: (ops: Operation[]) =>
    ops
      .flatMap((o) => [
        [o.key, o.label],
        ...o.inputFields.map((f) => [`${o.key}.${f.key}`, f.label ?? '']),
        ...o.outputFields.map((f) => [`${o.key} output ${f.key}`, f.label ?? '']),
      ])
      .filter(([, label]) => !label || !isTitleCase(label))
      .map(([where, label]) => `${where}: "${label}" is not title case`),
  /** D021: trigger descriptions read "Triggers when …." */
  D021: (ops: Operation[]) =>
    ops
      .filter((o) => o.kind === 'trigger' && !/^Triggers when .+\.$/.test(o.description))
      .map((o) => `${o.key}: description does not read "Triggers when …."`),
  /** D023: dates in samples are ISO 8601 with a zone (datetime output fields and *_at keys). */
  D023: (ops: Operation[]) =>
    ops.flatMap((o) => {
      const dateKeys = new Set(o.outputFields.filter((f) => f.type === 'datetime').map((f) => f.key));
      return flatValues(o.sample)
        .filter(([key, value]) => (dateKeys.has(key) || /_at$/.test(key)) && value !== null)
        .filter(([, value]) => !ISO_8601_ZONED.test(String(value)))
        .map(([key, value]) => `${o.key} ${key}: "${value}" is no ISO 8601 date with a zone`);
    }),
};

/** T002, T004–T006: an item a step returned live has its primary key, and every sample key. */
export function liveViolations(o: Operation, live: unknown[]): string[] {
  if (!live.length) return [`${o.key}: returned no item`];
  const sampleKeysOf = sampleKeys(o.sample);
  return live.flatMap((item) => {
    const keys = new Set(flatValues(item).map(([key]) => key));
    const id = (item as { id?: unknown })?.id;
    return [
      ...(typeof id === 'string' || typeof id === 'number' ? [] : [`${o.key}: a live item has no id (T002)`]),
      ...sampleKeysOf
        .filter((key) => !keys.has(key))
        .map((key) => `${o.key}: sample key ${key} is in no live item`),
    ];
  });
}

/** D006: the items a hook trigger's list (polling) gives have the keys of its hook deliveries. */
export function hookShapeViolations(key: string, polled: unknown[], delivered: unknown[]): string[] {
  const keysOf = (items: unknown[]) => sorted(items.flatMap((item) => flatValues(item).map(([k]) => k)));
  const [p, d] = [keysOf(polled), keysOf(delivered)];
  const extra = p.filter((k) => !d.includes(k));
  const missing = d.filter((k) => !p.includes(k));
  return extra.length || missing.length
    ? [`${key}: polled items differ from deliveries (only polled: ${extra}; only delivered: ${missing})`]
    : [];
}

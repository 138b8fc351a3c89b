// The platform's publishing checks that can be judged from the definition alone, made offline over the
// app object (the full set runs online in `zapier-platform validate`). Ids are the platform's.
import { triggerRoutes } from '@parley/schemas/routes';
import { describe, expect, it } from 'vitest';
import type { PlainOutputField } from 'zapier-platform-core';
import { schemaExamples } from '../generated/service-data.js';
import { PUBLISHED_BASE_URL, serviceConfig, urls } from '../service.client.js';
import { App } from './app.test-support.js';

interface Operation {
  kind: 'trigger' | 'search' | 'create';
  key: string;
  label: string;
  description: string;
  hidden: boolean;
  sample: unknown;
  inputFields: { key: string; label?: string; helpText?: string; dynamic?: string }[];
  outputFields: PlainOutputField[];
}

const operations: Operation[] = (
  [
    ['trigger', App.triggers],
    ['search', App.searches],
    ['create', App.creates],
  ] as const
).flatMap(([kind, group]) =>
  Object.values(group ?? {}).map((o) => ({
    kind,
    key: o.key,
    label: o.display.label,
    description: o.display.description,
    hidden: o.display.hidden === true,
    sample: o.operation.sample,
    inputFields: (o.operation.inputFields ?? []) as Operation['inputFields'],
    outputFields: (o.operation.outputFields ?? []) as PlainOutputField[],
  })),
);

/** Sample keys as Zapier names output fields: `a__b` for nested objects, `a[]b` in lists of objects. */
function flatten(value: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, v] of Object.entries(value)) {
    const name = `${prefix}${key}`;
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
      for (const item of v)
        for (const [k, x] of flatten(item as Record<string, unknown>, `${name}[]`)) out.set(k, x);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of flatten(v as Record<string, unknown>, `${name}__`)) out.set(k, x);
    } else {
      out.set(name, v);
    }
  }
  return out;
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);
const isTitleCase = (label: string) =>
  label.split(/\s+/).every((word, i) => {
    const bare = word.replace(/^[^A-Za-z]+/, '');
    if (!bare || !/^[a-z]/i.test(bare)) return true;
    return /^[A-Z]/.test(bare) || (i > 0 && SMALL_WORDS.has(bare.toLowerCase()));
  });

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

const allLabels = () =>
  operations.flatMap((o) => [
    [o.key, o.label],
    ...o.inputFields.map((f) => [`${o.key}.${f.key}`, f.label ?? '']),
    ...o.outputFields.map((f) => [`${o.key} output ${f.key}`, f.label ?? '']),
  ]);

describe('publishing checks over the app definition', () => {
  it('covers every operation', () => {
    // Each catalog trigger as a polling trigger and its instant twin, then the app's own operations.
    const catalogKeys = triggerRoutes.map((route) =>
      route.name.replace(/^trigger-/, '').replaceAll('-', '_'),
    );
    expect(operations.map((o) => o.key).sort()).toEqual(
      [
        ...catalogKeys,
        ...catalogKeys.map((key) => `${key}_instant`),
        'create_meeting',
        'find_meeting',
        'generate_document',
        'get_transcript',
        'languages_list',
        'meetings_list',
        'new_meeting',
        'summarize_meeting',
        'transcribe_audio',
      ].sort(),
    );
  });

  it('D003: sets a connection label from fields the connection test returns', () => {
    const label = App.authentication?.connectionLabel;
    expect(typeof label).toBe('string');
    const fields = [...String(label).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(Object.keys(schemaExamples.partnerMe)).toContain(field);
  });

  it('D004: every id input has a dropdown', () => {
    for (const o of operations) {
      for (const f of o.inputFields.filter((f) => /(^|_)id$/.test(f.key))) {
        expect(f.dynamic, `${o.key}.${f.key}`).toBeTruthy();
      }
    }
  });

  it('D005: every dropdown points at a trigger that exists and returns its id and label fields', () => {
    const dynamics = operations.flatMap((o) => o.inputFields.flatMap((f) => (f.dynamic ? [f.dynamic] : [])));
    expect(dynamics.length).toBeGreaterThan(0);
    for (const ref of dynamics) {
      const [triggerKey, idField, labelField] = ref.split('.');
      const trigger = operations.find((o) => o.kind === 'trigger' && o.key === triggerKey);
      expect(trigger, ref).toBeDefined();
      const keys = trigger?.outputFields.map((f) => f.key);
      expect(keys).toContain(idField);
      expect(keys).toContain(labelField);
    }
  });

  it('D007: the published configuration uses https only', () => {
    expect(PUBLISHED_BASE_URL).toMatch(/^https:\/\//);
    const saved = { ...process.env };
    try {
      for (const name of ['PARLEY_BASE_URL', 'PARLEY_INTEGRATION_URL', 'PARLEY_PARTNER_SEGMENT'])
        delete process.env[name];
      expect(serviceConfig().baseUrl).toBe(PUBLISHED_BASE_URL);
      for (const url of [urls.authorize(), urls.token(), urls.partner('/me'), urls.rest('stt')]) {
        expect(url).toMatch(/^https:\/\//);
      }
    } finally {
      process.env = saved;
    }
    const strings = JSON.stringify(App).match(/https?:\/\/[^"\s]+/g) ?? [];
    expect(strings.filter((s) => s.startsWith('http://'))).toEqual([]);
  });

  it('D010: every sample has an id', () => {
    for (const o of operations) expect(o.sample, o.key).toHaveProperty('id');
  });

  it('D011: help text says more than the label', () => {
    for (const o of operations) {
      for (const f of o.inputFields) {
        const help = words(f.helpText ?? '');
        const label = words(f.label ?? '');
        expect(help.length, `${o.key}.${f.key} has help text`).toBeGreaterThan(label.length + 2);
        expect(help.join(' ')).not.toBe(label.join(' '));
      }
    }
  });

  it('D012: every operation has a static sample', () => {
    for (const o of operations) {
      expect(typeof o.sample, o.key).toBe('object');
      expect(o.sample).not.toBeNull();
    }
  });

  it('D018: labels are title case', () => {
    const wrong = allLabels().filter(([, label]) => !label || !isTitleCase(label));
    expect(wrong).toEqual([]);
  });

  it('D021: trigger descriptions read "Triggers when …."', () => {
    for (const o of operations.filter((o) => o.kind === 'trigger')) {
      expect(o.description, o.key).toMatch(/^Triggers when .+\.$/);
    }
  });

  it('D023: dates in samples are ISO 8601', () => {
    for (const o of operations) {
      const dateKeys = new Set(o.outputFields.filter((f) => f.type === 'datetime').map((f) => f.key));
      for (const [key, value] of flatten(o.sample as Record<string, unknown>)) {
        if ((dateKeys.has(key) || /_at$/.test(key)) && value !== null) {
          expect(String(value), `${o.key} ${key}`).toMatch(ISO_8601);
        }
      }
    }
  });

  it('D024: sample keys and output fields match', () => {
    for (const o of operations) {
      const sampleKeys = [...flatten(o.sample as Record<string, unknown>).keys()].sort();
      const fieldKeys = o.outputFields.map((f) => f.key).sort();
      expect(sampleKeys, o.key).toEqual(fieldKeys);
    }
  });

  it('marks the id output field primary', () => {
    for (const o of operations) {
      expect(o.outputFields.find((f) => f.key === 'id')?.primary, o.key).toBe(true);
    }
  });

  it('the title-case rule itself tells right from wrong', () => {
    expect(isTitleCase('Follow-up Email Ready')).toBe(true);
    expect(isTitleCase('Summary (Markdown)')).toBe(true);
    expect(isTitleCase('Find meeting')).toBe(false);
    expect(isTitleCase('Start (ms)')).toBe(false);
  });
});

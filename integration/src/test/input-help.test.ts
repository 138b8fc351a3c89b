// Every input field of every action and search says what to enter: its format in words of its kind
// and an example. Agents (Zapier's MCP and AI actions) pick and fill steps from these words alone.
import { describe, expect, it } from 'vitest';
import { App } from './app.test-support.js';

interface Field {
  key: string;
  type?: string;
  list?: boolean;
  dynamic?: string;
  choices?: unknown;
  helpText?: string;
}

/** What a field's help must name, by the field's kind, in words a person or an agent reads. */
const FORMAT_WORDS: [string, (f: Field) => boolean, RegExp][] = [
  ['Yes or No', (f) => f.type === 'boolean', /\bYes\b[^.]*\bNo\b/],
  ['a file or URL', (f) => f.type === 'file', /\b(file|URL)\b/],
  ['one entry each', (f) => f.list === true, /\b(per entry|one per)\b/i],
  ['the allowed values', (f) => Boolean(f.choices), /\bone of\b/i],
  ['an ID or code', (f) => Boolean(f.dynamic), /\b(ID|code)\b/],
  [
    'the text kind',
    (f) => ['string', 'text', undefined].includes(f.type) && !f.choices && !f.dynamic,
    /\b(text|ID|URL|email|code|name)\b/i,
  ],
];
const EXAMPLE = /\b(e\.g\.|for example)\s+\S/i;

/** What is missing from a field's help text. */
export function helpViolations(field: Field): string[] {
  const help = field.helpText?.trim() ?? '';
  if (!help) return ['no help text'];
  const found = EXAMPLE.test(help) ? [] : ['no example ("e.g. …")'];
  for (const [format, applies, words] of FORMAT_WORDS) {
    if (applies(field) && !words.test(help)) found.push(`does not name its format (${format})`);
  }
  return found;
}

const inputFields = () =>
  [App.searches, App.creates].flatMap((group) =>
    Object.values(group ?? {}).flatMap((o) =>
      ((o.operation.inputFields ?? []) as Field[]).map((f) => [`${o.key}.${f.key}`, f] as const),
    ),
  );

describe('input field help (format and example)', () => {
  it('reads the input fields of every action and search', () => {
    expect(inputFields().length).toBeGreaterThanOrEqual(15);
  });

  it('every field names its format and gives an example', () => {
    const wrong = inputFields().flatMap(([name, f]) => helpViolations(f).map((v) => `${name}: ${v}`));
    expect(wrong).toEqual([]);
  });

  it.each([
    ['an empty help text', { key: 'title', type: 'string', helpText: ' ' }, 'no help text'],
    ['a missing help text', { key: 'title', type: 'string' }, 'no help text'],
    ['no example', { key: 'title', type: 'string', helpText: 'Plain text shown to everyone.' }, 'no example'],
    ['a boolean without Yes/No', { key: 'x', type: 'boolean', helpText: 'Send it, e.g. on.' }, 'Yes or No'],
    ['a list without entries', { key: 'x', list: true, helpText: 'Names, e.g. Ada.' }, 'one entry each'],
    [
      'a dropdown without ID',
      { key: 'x', dynamic: 't.id.name', helpText: 'Pick one, e.g. mine.' },
      'ID or code',
    ],
  ] as [string, Field, string][])('fails on a seeded field with %s', (_, field, words) => {
    expect(helpViolations(field).join('\n')).toContain(words);
  });
});

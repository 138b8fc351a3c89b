// The platform's publishing checks that can be judged from the definition alone, made offline over the
// app object (the full set runs online in `zapier-platform validate`). Ids are the platform's.
import { createRequire } from 'node:module';
import { triggerRoutes } from '@parley/schemas/routes';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { schemaExamples } from '../generated/service-data.js';
import { PUBLISHED_BASE_URL, serviceConfig, urls } from '../service.client.js';
import { App } from './app.test-support.js';
import { isTitleCase, type Operation, operationsOf, rules } from './publishing-rules.test-support.js';

const operations = operationsOf(App);

/** A copy of the app's operations with one operation changed: the seeded bad definition. */
const seeded = (key: string, change: (o: Operation) => Partial<Operation>): Operation[] =>
  structuredClone(operations).map((o) => (o.key === key ? { ...o, ...change(o) } : o));

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

  it.each(Object.keys(rules) as (keyof typeof rules)[])('%s passes on the app', (id) => {
    expect(rules[id](operations)).toEqual([]);
  });

  it.each([
    [
      'D010',
      'create_meeting',
      (o) => ({ sample: { ...(o.sample as object), id: undefined } }),
      'sample has no id',
    ],
    [
      'D010',
      'find_meeting',
      (o) => ({ outputFields: o.outputFields.map((f) => ({ ...f, primary: false })) }),
      'not the primary',
    ],
    [
      'D011',
      'create_meeting',
      (o) => ({ inputFields: o.inputFields.map((f) => ({ ...f, helpText: f.label })) }),
      'no more than the label',
    ],
    ['D012', 'get_transcript', () => ({ sample: undefined }), 'no static sample'],
    ['D024', 'summary_ready', (o) => ({ outputFields: o.outputFields.slice(1) }), 'differ'],
    ['D024', 'summary_ready', (o) => ({ sample: { ...(o.sample as object), extra: 1 } }), 'differ'],
    ['D018', 'find_meeting', () => ({ label: 'Find meeting' }), 'not title case'],
    [
      'D018',
      'transcribe_audio',
      (o) => ({ outputFields: [...o.outputFields, { key: 'x', label: 'start (ms)' }] }),
      'title case',
    ],
    ['D021', 'meeting_ended', () => ({ description: 'Fires when a meeting ends.' }), 'Triggers when'],
    [
      'D023',
      'summary_ready',
      (o) => ({ sample: { ...(o.sample as object), created_at: '2026-05-01 10:00' } }),
      'ISO 8601',
    ],
    [
      'D023',
      'meeting_ended',
      (o) => ({ sample: { ...(o.sample as object), end_at: '2026-05-01T10:00:00' } }),
      'ISO 8601',
    ],
  ] as [keyof typeof rules, string, (o: Operation) => Partial<Operation>, string][])(
    '%s fails on a seeded bad %s',
    (id, key, change, words) => {
      expect(rules[id](seeded(key, change)).join('\n')).toContain(words);
    },
  );

  it('D027: the app is on the newest core the CLI knows, pinned exactly', () => {
    const require = createRequire(import.meta.url);
    const d027 = (pinned: string, platformVersion: string) => {
      const cli = require('zapier-platform-cli/package.json').version as string;
      return [
        ...(pinned === cli ? [] : [`zapier-platform-core "${pinned}" is not the CLI's ${cli}`]),
        ...(platformVersion === cli ? [] : [`platformVersion ${platformVersion} is not ${cli}`]),
      ];
    };
    expect(d027(packageJson.dependencies['zapier-platform-core'], App.platformVersion)).toEqual([]);
    expect(d027('^19.0.0', App.platformVersion)).toHaveLength(1);
    expect(d027('18.6.0', '18.6.0')).toHaveLength(2);
  });

  it('the title-case rule itself tells right from wrong', () => {
    expect(isTitleCase('Follow-up Email Ready')).toBe(true);
    expect(isTitleCase('Summary (Markdown)')).toBe(true);
    expect(isTitleCase('Find meeting')).toBe(false);
    expect(isTitleCase('Start (ms)')).toBe(false);
  });
});

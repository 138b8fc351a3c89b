import { readFileSync } from 'node:fs';
import { validate } from '@parley/schemas';
import { describe, expect, it } from 'vitest';
import {
  type JsonSchemaLike,
  PollTracker,
  requiredFields,
  sortField,
  triggerProblems,
} from './partner-poll.js';
import { routePath, TRIGGER_ROUTES } from './routes.js';

// The partner polling logic against the trigger item schemas: their own examples pass, and each
// rule the spec gives triggers (array, at most 50, newest first, unique ids, the fields) is caught.

const schema = (id: string) =>
  JSON.parse(
    readFileSync(new URL(`../../schemas/json/${id}.schema.json`, import.meta.url), 'utf8'),
  ) as JsonSchemaLike & {
    examples: Record<string, unknown>[];
  };

function items(trigger: string, n: number) {
  const example = schema(`${trigger}.item`).examples[0] ?? {};
  const field = sortField(trigger);
  return Array.from({ length: n }, (_, i) => ({
    ...example,
    id: `${trigger}-${i}`,
    [field]: new Date(Date.UTC(2024, 4, 2) - i * 60_000).toISOString(),
  }));
}

describe('trigger polling', () => {
  it("knows the catalog's triggers and their paths, with a configurable platform segment", () => {
    expect(TRIGGER_ROUTES).toContain('trigger-meeting-ended');
    expect(routePath('trigger-summary-ready', { partnerSegment: 'zapier' })).toBe(
      '/api/zapier/triggers/summary-ready',
    );
    expect(routePath('generate-document', { id: 'mtg 1' })).toBe(
      '/api/partner/meetings/mtg%201/generate-document',
    );
    expect(() => routePath('partner-meeting')).toThrow(/needs an id/);
  });

  for (const trigger of TRIGGER_ROUTES) {
    it(`${trigger}: a valid page has no problems, a broken one names each`, () => {
      const required = requiredFields(schema(`${trigger}.item`));
      const page = items(trigger, 3);
      for (const item of page) expect(validate(`${trigger}.item`, item).ok).toBe(true);
      expect(triggerProblems(trigger, page, required)).toEqual([]);
      const broken = [page[1], page[0], { ...page[2], id: page[0]?.id }];
      delete (broken[0] as Record<string, unknown>).title;
      const problems = triggerProblems(trigger, broken, required);
      expect(problems.join('\n')).toMatch(/newer than the one before it/);
      expect(problems.join('\n')).toMatch(/repeats id/);
      expect(triggerProblems(trigger, items(trigger, 51), required)).toEqual(['51 items, more than 50']);
      expect(triggerProblems(trigger, { items: [] }, required)).toEqual(['response is not a JSON array']);
    });
  }

  it('counts only items not seen before, the first poll filling the table', () => {
    const tracker = new PollTracker();
    expect(tracker.newItems('t', [{ id: 'a' }, { id: 'b' }])).toBe(0);
    expect(tracker.newItems('t', [{ id: 'c' }, { id: 'a' }, { id: 'b' }])).toBe(1);
    expect(tracker.newItems('u', [{ id: 'a' }])).toBe(0);
  });

  it('reads the fields generate-document must return from its schema', () => {
    expect(requiredFields(schema('generate-document.response'))).toEqual([
      'success',
      'meeting_id',
      'document_text',
      'message',
    ]);
  });
});

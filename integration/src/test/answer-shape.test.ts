// The app's answer checker: every example the schemas give of an answer it reads passes (with keys
// the spec does not name added too: a deployment may send more), and each kind of break is named.
import { getSchema } from '@parley/schemas';
import { allRoutes } from '@parley/schemas/routes';
import { partnerHookRoutes } from '@parley/schemas/server-routes';
import { describe, expect, it } from 'vitest';
import { newestFirstOnce, type Shape, shapeProblems } from '../answer-shape.js';
import { ANSWER_SHAPES, DELIVERY_SHAPES } from '../generated/answer-shapes.js';

const catalog = [...allRoutes, ...partnerHookRoutes] as readonly { name: string; response?: string }[];
const examplesOf = (id: string) => (getSchema(id) as { examples?: unknown[] }).examples ?? [];
const withExtraKey = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...value, x_extension: 1 } : value;

describe('the shapes the app checks', () => {
  it.each(ANSWER_SHAPES.map((route) => [route.name, route] as const))(
    "%s: the schema's examples pass, with a key more too",
    (name, route) => {
      const response = catalog.find((r) => r.name === name)?.response;
      const examples = examplesOf(String(response));
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        expect(shapeProblems(example, route.shape)).toEqual([]);
        expect(shapeProblems(withExtraKey(example), route.shape)).toEqual([]);
      }
    },
  );

  it.each(Object.entries(DELIVERY_SHAPES))("%s: the schema's examples pass", (id, shape) => {
    const examples = examplesOf(id);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(shapeProblems(example, shape)).toEqual([]);
  });
});

describe('shapeProblems', () => {
  const shape: Shape = {
    type: ['object'],
    required: ['id', 'count', 'items'],
    properties: {
      id: { type: ['string'], minLength: 1 },
      count: { type: ['integer'] },
      at: { type: ['string', 'null'] },
      items: { type: ['array'], items: { type: ['string'], pattern: '^[0-9]+$' } },
    },
  };

  it('names each break by its field, at most three', () => {
    expect(shapeProblems({ id: '', count: 1.5, items: ['1', 'A'], at: 3 }, shape)).toEqual([
      '"id" is empty',
      '"count" should be a whole number, not a number',
      '"at" should be text or null, not a number',
    ]);
    expect(shapeProblems({ items: [] }, shape)).toEqual(['"id" is missing', '"count" is missing']);
    expect(shapeProblems({ id: 'a', count: 1, items: ['1', 'A'] }, shape)).toEqual([
      '"items[1]" has an unexpected form ("A")',
    ]);
    expect(shapeProblems('<html>', shape)).toEqual(['the answer should be an object, not text']);
  });

  it('passes a value that meets one branch, and names the closest branch otherwise', () => {
    const either: Shape = { anyOf: [{ required: ['a', 'b'] }, { required: ['c'] }] };
    expect(shapeProblems({ c: 1 }, either)).toEqual([]);
    expect(shapeProblems({ a: 1 }, either)).toEqual(['"b" is missing']);
  });
});

describe('newestFirstOnce', () => {
  it('puts the newest first, keeps the first of a repeated id and the order of equal times', () => {
    const items = [
      { id: 'a', at: '2024-05-01T00:00:00Z' },
      { id: 'b', at: '2024-05-03T00:00:00Z' },
      { id: 'a', at: '2024-05-09T00:00:00Z' },
      { id: 'c', at: '2024-05-01T00:00:00Z' },
    ];
    expect(newestFirstOnce(items, 'at').map((i) => i.id)).toEqual(['b', 'a', 'c']);
  });
});

import { expect, it } from 'vitest';
import { loadLid176 } from './fasttext-wasm.loader.js';

// The loader hides globalThis.fetch from the package's glue; code running beside the start-up (an
// in-process client of the server, the conformance kit) must never find fetch missing.

it('keeps the global fetch in place while the fastText runtime starts, and loads the model', async () => {
  const seen: string[] = [];
  const watch = setInterval(() => seen.push(typeof globalThis.fetch), 1);
  const loading = loadLid176();
  seen.push(typeof globalThis.fetch);
  const model = await loading;
  clearInterval(watch);
  expect(seen.length).toBeGreaterThan(1);
  expect(new Set(seen)).toEqual(new Set(['function']));
  const [best] = [model.predict('Where is the meeting room?', 1, 0).get(0)];
  expect(best?.[1]).toBe('__label__en');
}, 30_000);

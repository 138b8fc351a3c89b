// Writes test-durations.json from vitest's results cache: each test file's duration in its last run
// on this machine. vitest.sequencer.ts reads it where the cache has no entry (a fresh clone, CI), so
// the longest files start first. Run it after a full `npm run test:unit` on a quiet machine.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const root = new URL('..', import.meta.url);
const cacheDir = new URL('node_modules/.vite/vitest/', root);
const seconds = {};
for (const hash of readdirSync(cacheDir)) {
  let cache;
  try {
    cache = JSON.parse(readFileSync(new URL(`${hash}/results.json`, cacheDir), 'utf8'));
  } catch {
    continue;
  }
  for (const { files } of Object.values(cache.projects ?? {})) {
    for (const [file, { duration }] of Object.entries(files ?? {}))
      seconds[file] = Math.round(duration / 100) / 10;
  }
}
const count = Object.keys(seconds).length;
if (count === 0) {
  console.error('no vitest results cache: run `npm run test:unit` first');
  process.exit(1);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
const note = `each test file's duration in seconds, from vitest's cache, ${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0].toFixed(1)} (scripts/test-durations.mjs)`;
writeFileSync(
  new URL('test-durations.json', root),
  `${JSON.stringify({ note, seconds: sorted }, null, 2)}\n`,
);
console.log(`test-durations.json: ${count} files`);

import { defineConfig } from 'vitest/config';

// `npm run test:fresh-clone`: scripts/fresh-clone.test.ts alone, outside `npm test` (it installs
// the whole workspace in a scratch clone); `.ci/run` runs it as a step of its own.
export default defineConfig({
  test: { include: ['scripts/fresh-clone.test.ts'], fileParallelism: false, testTimeout: 300_000 },
});

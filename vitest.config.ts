import { defineConfig } from 'vitest/config';

const packages = ['schemas', 'server', 'conformance', 'integration', 'load', 'fixtures'];

// `npm run test:pg -w server` (PARLEY_TEST_SERVERS_ON_PG=1) runs the route tests again with every
// test server on PostgreSQL. The speech routes store nothing in the database (their files go to the
// file store), so there they would repeat only the API-key lookup every other route test covers,
// at a minute of engine CPU.
const skippedOnPg =
  process.env.PARLEY_TEST_SERVERS_ON_PG === '1'
    ? ['server/src/http/{stt,tts,denoise,translate,own-audio,upload}.*.test.ts']
    : [];

// One runner for every package; each package is a project, so `vitest run --project server` narrows a run.
export default defineConfig({
  test: {
    projects: packages.map((name) => ({
      test: {
        name,
        include: [`${name}/**/*.test.ts`],
        exclude: ['**/node_modules/**', ...skippedOnPg],
        // node:sqlite is stable enough for us but still prints an ExperimentalWarning on Node 22.
        execArgv: ['--disable-warning=ExperimentalWarning'],
      },
    })),
  },
});

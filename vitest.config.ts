import { defineConfig } from 'vitest/config';

const packages = ['schemas', 'server', 'conformance', 'integration', 'load', 'fixtures'];

// `npm run test:pg -w server` (PARLEY_TEST_SERVERS_ON_PG=1) runs the route tests again with every
// test server on PostgreSQL. The speech routes store nothing in the database (their files go to the
// file store), so there they would repeat only the API-key lookup every other route test covers,
// at a minute of engine CPU.
const skippedOnPg =
  process.env.PARLEY_TEST_SERVERS_ON_PG === '1'
    ? [
        'server/src/routes/speech/{stt/stt,tts/tts,denoise/denoise,translate/translate,upload/upload,own-audio}.*.test.ts',
      ]
    : [];

// A test's limit guards against hangs, not slowness: CI shares its 2 cores, and at load 19 the
// engine tests (real speech, audio, browsers) ran up to five times their quiet duration (the
// slowest, ~8 s quiet, took 24 s at load 8). Speed is measured by the benches, never by a limit.
const HANG_LIMIT_MS = 180_000;

// One runner for every package; each package is a project, so `vitest run --project server` narrows a run.
export default defineConfig({
  test: {
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
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

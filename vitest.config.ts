import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer.js';

const packages = ['schemas', 'test-browser', 'server', 'conformance', 'integration', 'load', 'fixtures'];

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

// The server's test files that must start in a process of their own (every other server file shares
// its worker's modules, below):
// - what they measure happens once per process: the fastText runtime's start-up and load time;
// - their slow-header connection stayed open after another file had run in the same process;
// - they use nock, whose import patches node:http for the whole process: a file after it in the
//   worker would send through nock, which holds a request's headers until its body ends (a
//   413-before-the-body test hung that way).
const SERVER = fileURLToPath(new URL('server/', import.meta.url));
const TEST_FOLDERS = ['src', 'bench', 'test-support'];
const usesNock = (file: string) => /from 'nock'/.test(readFileSync(`${SERVER}${file}`, 'utf8'));
const FRESH_PROCESS = [
  'server/src/engines/langid/fasttext-wasm.loader.test.ts',
  'server/src/engines/langid/fasttext-langid.adapter.test.ts',
  'server/src/server-timeouts.test.ts',
  ...TEST_FOLDERS.flatMap((folder) =>
    readdirSync(`${SERVER}${folder}`, { recursive: true, encoding: 'utf8' }).map((f) => `${folder}/${f}`),
  )
    .filter((f) => f.endsWith('.test.ts') && usesNock(f))
    .map((f) => `server/${f}`),
];

// Most of a test file's time was importing the server (about a second of CPU per file, each file in
// a fresh process) or waiting on sockets, child processes and timers. So the server's files share
// their worker's modules (isolate: false): imports once per worker, and engines loaded once per
// worker (the speech models, fastText). Three workers overlap the waiting, where vitest's default on
// 2 cores is one. Figures: the test-suite table in server/bench/README.md.
const WORKERS = 3;

// The other packages whose files share their worker's modules as well (measured on their five
// projects: 141 → 126 s of CPU). Not the Zapier app's: 8 of its 15 files use nock (see above).
const SHARED_MODULES = ['conformance', 'load', 'schemas', 'fixtures'];

const project = (name: string, include: string[], extra: { isolate?: boolean; exclude?: string[] } = {}) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', ...skippedOnPg, ...(extra.exclude ?? [])],
    ...(extra.isolate === undefined ? {} : { isolate: extra.isolate }),
    // node:sqlite is stable enough for us but still prints an ExperimentalWarning on Node 22.
    execArgv: ['--disable-warning=ExperimentalWarning'],
  },
});

// One runner for every package; each package is a project, so `vitest run --project 'server*'`
// narrows a run (the server is two projects: its shared-worker files and FRESH_PROCESS).
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
    projects: [
      ...packages
        .filter((name) => name !== 'server')
        .map((name) => project(name, [`${name}/**/*.test.ts`], { isolate: !SHARED_MODULES.includes(name) })),
      project('server', ['server/**/*.test.ts'], { isolate: false, exclude: FRESH_PROCESS }),
      project('server-fresh', FRESH_PROCESS),
    ],
  },
});

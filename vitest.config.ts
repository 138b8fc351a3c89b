import { defineConfig } from 'vitest/config';

const packages = ['schemas', 'server', 'conformance', 'integration', 'load', 'fixtures'];

// One runner for every package; each package is a project, so `vitest run --project server` narrows a run.
export default defineConfig({
  test: {
    projects: packages.map((name) => ({
      test: {
        name,
        include: [`${name}/**/*.test.ts`],
        exclude: ['**/node_modules/**'],
        // node:sqlite is stable enough for us but still prints an ExperimentalWarning on Node 22.
        execArgv: ['--disable-warning=ExperimentalWarning'],
      },
    })),
  },
});

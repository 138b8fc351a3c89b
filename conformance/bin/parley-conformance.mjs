#!/usr/bin/env -S node --disable-warning=ExperimentalWarning
// The command. In this repository it runs the TypeScript sources through tsx (no build step between
// an edit and a run); an installed package has no sources and runs its built dist/cli.js.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else ({ main } = await import('../dist/cli.js'));
process.exitCode = await main(process.argv.slice(2));
process.exit();

#!/usr/bin/env -S node --disable-warning=ExperimentalWarning
// The command: loads the TypeScript sources through tsx (the kit ships as source in this workspace).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
process.exit();

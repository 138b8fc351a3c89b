import { buildEngines, type Engines } from '../src/engines/registry.js';

// Test support (not a test): the local engines as main.ts builds them (its live-decoder count
// included), once per worker. The server's test files share their worker's modules
// (vitest.config.ts); when each speech file built its own engines, each built its pocketsphinx
// decoders again (~0.8 s of CPU each; a run of the suite built 37, 33 since). Like a server's, these
// engines live as long as their process: files never close them.

let shared: Promise<Engines> | undefined;

export function localEngines(): Promise<Engines> {
  shared ??= buildEngines();
  return shared;
}

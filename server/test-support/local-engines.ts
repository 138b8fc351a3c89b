import { buildEngines, type Engines } from '../src/engines/registry.js';

// Test support (not a test): the local engines as main.ts builds them, once per worker. The
// server's test files share their worker's modules (vitest.config.ts), and when each speech file
// built its own, every one of them built its pocketsphinx decoders again (~0.7 s of CPU each;
// 37 decoders, 28 s of CPU in one run of the suite). Like a server's, these engines live as long
// as their process: files never close them.

let shared: Promise<Engines> | undefined;

export function localEngines(): Promise<Engines> {
  shared ??= buildEngines();
  return shared;
}

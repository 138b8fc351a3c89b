import { fileURLToPath } from 'node:url';

/** fixtures/audio of this repository: the audio the kit sends and serves. */
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/audio/', import.meta.url));

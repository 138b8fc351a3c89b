import { loadEnv } from '../../src/env.js';

// This run's settings from __ENV (see load/README.md "Settings").
export const env = loadEnv(__ENV);

import type { Fact } from '../../facts/fact.js';

// The facts of the spec's part this folder checks (README.md beside index.ts), one per cell or clause.

export const streamFacts: readonly Fact[] = [];

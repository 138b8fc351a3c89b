import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/stream/stream.facts.ts.

export const streamViolations: readonly FactViolation[] = [];

import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/rest/rest.facts.ts.

export const restViolations: readonly FactViolation[] = [];

import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/errors/errors.facts.ts.

export const errorsViolations: readonly FactViolation[] = [];

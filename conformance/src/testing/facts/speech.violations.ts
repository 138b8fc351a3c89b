import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/speech/speech.facts.ts.

export const speechViolations: readonly FactViolation[] = [];

import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/transcription/transcription.facts.ts.

export const transcriptionViolations: readonly FactViolation[] = [];

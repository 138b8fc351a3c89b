import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/messages/messages.facts.ts.

export const messagesViolations: readonly FactViolation[] = [];

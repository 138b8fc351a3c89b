import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/partner/partner.facts.ts.

export const partnerViolations: readonly FactViolation[] = [];

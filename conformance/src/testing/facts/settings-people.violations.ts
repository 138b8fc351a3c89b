import type { FactViolation } from './fact-violation.js';

// Deployments that each break one fact of src/checks/settings-people/settings-people.facts.ts.

export const settingsPeopleViolations: readonly FactViolation[] = [];

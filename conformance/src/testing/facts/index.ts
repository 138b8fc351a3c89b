import { errorsViolations } from './errors.violations.js';
import type { FactViolation } from './fact-violation.js';
import { meetingsViolations } from './meetings.violations.js';
import { messagesViolations } from './messages.violations.js';
import { partnerViolations } from './partner.violations.js';
import { restViolations } from './rest.violations.js';
import { settingsPeopleViolations } from './settings-people.violations.js';
import { speechViolations } from './speech.violations.js';
import { speechRouteViolations } from './speech-routes.violations.js';
import { streamViolations } from './stream.violations.js';
import { transcriptionViolations } from './transcription.violations.js';

// Every fact's violations, by area.

export const FACT_VIOLATIONS: readonly FactViolation[] = [
  ...restViolations,
  ...meetingsViolations,
  ...messagesViolations,
  ...transcriptionViolations,
  ...settingsPeopleViolations,
  ...errorsViolations,
  ...speechViolations,
  ...speechRouteViolations,
  ...streamViolations,
  ...partnerViolations,
];

import { onAnswer } from '../blind/edits.js';
import type { FactViolation } from './fact-violation.js';
import { proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/meetings/meetings.facts.ts.

const withoutEndAt = (meetings: unknown) =>
  Array.isArray(meetings) ? meetings.map(({ end_at: _, ...m }) => m) : meetings;

export const meetingsViolations: readonly FactViolation[] = [
  proxied('meetings.meeting.end_at.presence', 'dropped', 'ended meetings listed without end_at', () =>
    onAnswer('/v1/get-meetings', (b, s) => [s, { ...b, meetings: withoutEndAt(b.meetings) }]),
  ),
];

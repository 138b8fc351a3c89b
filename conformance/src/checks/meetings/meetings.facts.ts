import type { Fact } from '../../facts/fact.js';

// The facts of the spec's part this folder checks (README.md beside index.ts), one per cell or clause.

export const meetingsFacts: readonly Fact[] = [
  {
    id: 'meetings.meeting.end_at.presence',
    area: 'meetings',
    kind: 'presence',
    level: 'MUST',
    sentence: 'S-meeting-05',
    words: 'end_at | timestamp | present on ended meetings',
    judgeable: true,
    checks: ['rest.25.ended-meetings-end-at'],
  },
];

import { errorsFacts } from '../checks/errors/errors.facts.js';
import { meetingsFacts } from '../checks/meetings/meetings.facts.js';
import { messagesFacts } from '../checks/messages/messages.facts.js';
import { partnerFacts } from '../checks/partner/partner.facts.js';
import { restFacts } from '../checks/rest/rest.facts.js';
import { settingsPeopleFacts } from '../checks/settings-people/settings-people.facts.js';
import { speechFacts } from '../checks/speech/speech.facts.js';
import { streamFacts } from '../checks/stream/stream.facts.js';
import { transcriptionFacts } from '../checks/transcription/transcription.facts.js';
import type { Fact } from './fact.js';

// The fact inventory: every assertable fact of the spec, by area.

export const FACTS: readonly Fact[] = [
  ...restFacts,
  ...meetingsFacts,
  ...messagesFacts,
  ...transcriptionFacts,
  ...settingsPeopleFacts,
  ...errorsFacts,
  ...speechFacts,
  ...streamFacts,
  ...partnerFacts,
];

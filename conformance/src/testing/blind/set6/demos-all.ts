import type { Demo } from '../show-client.js';
import { DATA_DEMOS6 } from './demos-data.js';
import { PARTNER_DEMOS6 } from './demos-partner.js';
import { REST_DEMOS6 } from './demos-rest.js';
import { SPEECH_DEMOS6 } from './demos-speech.js';

// Every entry's one exchange of the sixth blind set, by id (show6.ts and set6.test.ts).

export const DEMOS6: Record<string, Demo> = {
  ...REST_DEMOS6,
  ...DATA_DEMOS6,
  ...SPEECH_DEMOS6,
  ...PARTNER_DEMOS6,
};

import type { Demo } from '../show-client.js';
import { showSet } from '../show-set.js';
import { REST_DEMOS5 } from './demos-rest.js';
import { SPEECH_DEMOS5 } from './demos-speech.js';
import { SET5_VARIANTS, SET5_VIOLATIONS } from './index.js';

// show.ts for the fifth blind set: each entry's one exchange on the reference server and through
// the entry's proxy, printed with CHANGED or SAME; exit 1 when an entry changes nothing or has no
// exchange. Arguments keep the entries whose id starts with one of them.
//   npx tsx src/testing/blind/set5/show5.ts [id-prefix ...]

const DEMOS5: Record<string, Demo> = { ...REST_DEMOS5, ...SPEECH_DEMOS5 };
process.exit(await showSet(SET5_VIOLATIONS, SET5_VARIANTS, DEMOS5, process.argv.slice(2)));

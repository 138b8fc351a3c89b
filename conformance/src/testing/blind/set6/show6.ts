import { showSet } from '../show-set.js';
import { DEMOS6 } from './demos-all.js';
import { SET6_VARIANTS, SET6_VIOLATIONS } from './index.js';

// show.ts for the sixth blind set: each entry's one exchange on the reference server and through
// the entry's proxy, printed with CHANGED or SAME; exit 1 when an entry changes nothing or has no
// exchange. Arguments keep the entries whose id starts with one of them.
//   npx tsx src/testing/blind/set6/show6.ts [id-prefix ...]

process.exit(await showSet(SET6_VIOLATIONS, SET6_VARIANTS, DEMOS6, process.argv.slice(2)));

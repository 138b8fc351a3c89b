import { BLIND_FAULTS, namedCases } from '../src/testing/blind/decisions.js';
import { blindFaultLane } from '../src/testing/blind/self-test-lane.js';

// The self-test's lane of blind faults on its own (every blind violation, or those named: ids, or
// prefixes ending in `*`), for a process of its own: the reference server's faults are switched for
// a whole process, so a server fault on in the self-test would show through this lane's server.
// Prints a line per case, then `blind caught: N/M`.

const faults = namedCases(BLIND_FAULTS, process.argv.slice(2));
const caught = await blindFaultLane((line) => console.log(line), faults);
console.log(`blind caught: ${caught}/${faults.length}`);
process.exit(0);

import { checkTable, failureCodeTable } from '../src/check-table.js';

// Prints the check table and the failure code table of README.md (npm run check-table -w
// conformance); a test keeps them equal.
console.log(`${checkTable()}\n\n${failureCodeTable()}`);

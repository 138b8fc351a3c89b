import { checkTable, failureCodeTable } from '../src/check-table.js';

// Prints the check table of CHECKS.md and the failure code table of REPORTS.md (npm run
// check-table -w conformance); a test keeps each equal to its file.
console.log(`${checkTable()}\n\n${failureCodeTable()}`);

import { checkTable } from '../src/check-table.js';

// Prints the check table of README.md (npm run check-table -w conformance); a test keeps them equal.
console.log(checkTable());

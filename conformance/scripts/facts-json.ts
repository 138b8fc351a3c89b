import { readFileSync, writeFileSync } from 'node:fs';
import { factsJson, withFactsSummary } from '../src/matrix/facts-json.js';

// Writes matrix/facts.json from the fact inventory, and the inventory's figures in CHECKS.md (npm run
// facts-json -w conformance); a test keeps both equal to what this writes.
writeFileSync(new URL('../matrix/facts.json', import.meta.url), factsJson());
const checks = new URL('../CHECKS.md', import.meta.url);
writeFileSync(checks, withFactsSummary(readFileSync(checks, 'utf8')));

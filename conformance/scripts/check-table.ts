import { CHECKS } from '../src/checks/index.js';

// Prints the check table of README.md (npm run check-table -w conformance); a test keeps them equal.
console.log('| Id | Level | Profiles | Rule | Spec clause |\n|---|---|---|---|---|');
for (const c of CHECKS)
  console.log(`| \`${c.id}\` | ${c.level} | ${c.profiles.join(', ')} | ${c.title} | ${c.clause} |`);

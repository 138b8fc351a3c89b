// `npm run check:breaking -w integration [-- --released <file>] [--current <file>]`: compares the app's
// definition with the last released one (released/definition.json) and names every breaking change.
// Exit 0: nothing breaks, or the major version was bumped; 1: a breaking change without a new major
// version; 2: no released definition to compare with.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { currentDefinition, guard, readDefinition, releasedPath } from './breaking-changes.js';

const { values } = parseArgs({ options: { released: { type: 'string' }, current: { type: 'string' } } });
const releasedFile = values.released ?? releasedPath;
if (!existsSync(releasedFile)) {
  console.error(
    `No released definition at ${releasedFile}: run npm run release -w integration -- <version> first.`,
  );
  process.exit(2);
}
const released = readDefinition(releasedFile);
const current = values.current ? readDefinition(values.current) : currentDefinition();
const { changes, bumped, ok } = guard(released, current);

console.log(
  `released ${released.version} → current ${current.version}: ${changes.length} breaking change(s)`,
);
for (const change of changes) console.log(`  ${change}`);
if (!ok) {
  console.error(
    `Version ${current.version} breaks Zaps built on ${released.version} without a new major version: ` +
      'bump the major version (npm run release -w integration -- <major>.0.0) or keep what Zaps use.',
  );
} else if (changes.length && bumped) {
  console.log('The major version was bumped: Zaps move to it by hand, not by zapier-platform migrate.');
}
process.exit(ok ? 0 : 1);

// `npm run register -w integration [-- --yes]`: `zapier-platform register` with the listing's title,
// description, homepage and category (src/listing.ts), so the integration's settings say what the
// listing says. With .zapierapprc naming an integration already, the CLI updates that one.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LISTING } from '../src/listing.js';

const args = [
  'register',
  LISTING.title,
  '--desc',
  LISTING.description,
  '--url',
  LISTING.homepageUrl,
  '--category',
  LISTING.category,
  '--audience',
  'public',
  '--role',
  'employee',
  ...process.argv.slice(2),
];
const cwd = fileURLToPath(new URL('..', import.meta.url));
const { status } = spawnSync('npx', ['zapier-platform', ...args], { cwd, stdio: 'inherit' });
process.exit(status ?? 1);

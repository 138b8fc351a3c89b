// Builds the listing assets from src/listing.ts and listing/logo.svg: the logo as square RGBA PNGs in
// each listed size (rendered by resvg, so the vector source is the only drawing) and listing/LISTING.md,
// the words and links to paste into the developer platform's listing form. `npm run listing -w
// integration` writes them; src/test/listing.test.ts fails when the committed files are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import App from '../src/index.js';
import { LISTING } from '../src/listing.js';

const appDir = new URL('../', import.meta.url);
export const logoSourcePath = fileURLToPath(new URL(LISTING.logo.source, appDir));
export const logoPath = (size: number) => fileURLToPath(new URL(`listing/logo-${size}.png`, appDir));
export const listingDocPath = fileURLToPath(new URL('listing/LISTING.md', appDir));

/** The logo rendered to a `size`×`size` PNG with its transparency (8-bit RGBA). */
export function renderLogo(size: number, svg = readFileSync(logoSourcePath, 'utf8')): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

type Group =
  | Record<string, { key: string; display: { label: string; description: string; hidden?: boolean } }>
  | undefined;

// The help each step shows (its description, read from STEP_HELP), not a second look-up by key: instant
// twins and Find or Create share or rename keys.
const stepRows = (kind: string, group: Group) =>
  Object.values(group ?? {})
    .filter((o) => !o.display.hidden)
    .map((o) => `| ${o.display.label} | ${kind} | \`${o.key}\` | ${o.display.description} |`);

export function listingMarkdown(): string {
  return [
    '# Parley: listing copy',
    '',
    'Generated from `src/listing.ts` by `npm run listing -w integration`; edit that file, not this one.',
    '',
    '| field | value |',
    '|---|---|',
    `| title | ${LISTING.title} |`,
    `| description | ${LISTING.description} |`,
    `| category | \`${LISTING.category}\` |`,
    `| homepage | ${LISTING.homepageUrl} |`,
    ...Object.entries(LISTING.helpUrls).map(([name, url]) => `| help: ${name} | ${url} |`),
    `| logo | ${LISTING.logo.sizes.map((size) => `\`listing/logo-${size}.png\``).join(', ')} (from \`${LISTING.logo.source}\`) |`,
    '',
    '## Steps',
    '',
    '| label | kind | key | help |',
    '|---|---|---|---|',
    ...stepRows('trigger', App.triggers as Group),
    ...stepRows('search', App.searches as Group),
    ...stepRows('search or create', App.searchOrCreates as Group),
    ...stepRows('action', App.creates as Group),
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const size of LISTING.logo.sizes) writeFileSync(logoPath(size), renderLogo(size));
  writeFileSync(listingDocPath, listingMarkdown());
  console.log(`wrote ${LISTING.logo.sizes.map(logoPath).join(', ')} and ${listingDocPath}`);
}

// The platform's marketing checks (M001–M007) on the listing (src/listing.ts) and its logo, offline,
// each rule also run on a seeded bad listing or logo to show it fails; and the generated assets are
// what `npm run listing -w integration` makes from their sources.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  listingDocPath,
  listingMarkdown,
  logoPath,
  logoSourcePath,
  renderLogo,
} from '../../scripts/build-listing.js';
import { LISTING, STEP_HELP } from '../listing.js';
import { App } from './app.test-support.js';

type Listing = {
  title: string;
  description: string;
  category: string;
  homepageUrl: string;
  helpUrls: Record<string, string>;
};

/** The limits `zapier-platform register` enforces on what `npm run register` sends (its own constants). */
const { MAX_DESCRIPTION_LENGTH, MIN_TITLE_LENGTH } = createRequire(import.meta.url)(
  'zapier-platform-cli/src/constants',
) as { MAX_DESCRIPTION_LENGTH: number; MIN_TITLE_LENGTH: number };
/** The shortest description the marketing rules accept. */
const MIN_DESCRIPTION_LENGTH = 40;
/** The smallest logo the platform takes, in pixels (square). */
const MIN_LOGO_PX = 256;
const PNG_COLOUR_TYPE_RGBA = 6;

/** What the marketing rules find wrong with the listing's words and links. */
function listingViolations(listing: Listing): string[] {
  const found: string[] = [];
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(listing.category)) found.push('category: no category slug');
  const d = listing.description;
  if (d.length < MIN_DESCRIPTION_LENGTH || d.length > MAX_DESCRIPTION_LENGTH)
    found.push(
      `description: ${d.length} characters, not ${MIN_DESCRIPTION_LENGTH}–${MAX_DESCRIPTION_LENGTH}`,
    );
  if (listing.title.length < MIN_TITLE_LENGTH) found.push(`title: under ${MIN_TITLE_LENGTH} characters`);
  if (!new RegExp(`^${listing.title} is an? `).test(d))
    found.push(`description: does not begin "${listing.title} is a…"`);
  if (/zapier/i.test(`${listing.title} ${d}`)) found.push('description: names Zapier');
  for (const [name, url] of Object.entries({ homepage: listing.homepageUrl, ...listing.helpUrls })) {
    if (!URL.canParse(url) || new URL(url).protocol !== 'https:') found.push(`${name}: no https URL`);
  }
  return found;
}

/** What the marketing rules find wrong with a logo file. */
function logoViolations(file: Buffer): string[] {
  let png: PNG & { colorType?: number };
  try {
    png = PNG.sync.read(file);
  } catch {
    return ['logo: not a PNG'];
  }
  const found: string[] = [];
  if (png.width !== png.height) found.push(`logo: ${png.width}×${png.height} is not square`);
  if (png.width < MIN_LOGO_PX) found.push(`logo: ${png.width} px is under ${MIN_LOGO_PX}`);
  if (png.colorType !== PNG_COLOUR_TYPE_RGBA) found.push(`logo: colour type ${png.colorType}, not RGBA`);
  // An alpha channel that is used: the corners around the rounded tile are transparent.
  else if (png.data[3] !== 0) found.push('logo: no transparent corner');
  return found;
}

const rgbPng = (size: number) => {
  const png = new PNG({ width: size, height: size });
  png.data.fill(255);
  return PNG.sync.write(png, { colorType: 2 });
};

describe('listing (marketing checks M001–M007)', () => {
  it('the listing passes: category, description, homepage and help links', () => {
    expect(listingViolations(LISTING)).toEqual([]);
  });

  it.each([
    ['category', { category: '' }, 'category'],
    ['short description', { description: 'Parley is a meeting tool.' }, 'characters'],
    ['long description', { description: `Parley is a ${'very '.repeat(30)}good tool.` }, 'characters'],
    [
      'description not "<App> is a"',
      { description: 'Record, transcribe and summarize every meeting you have.' },
      'begin',
    ],
    [
      'description naming Zapier',
      { description: 'Parley is a meeting assistant whose Zapier steps summarize your calls.' },
      'Zapier',
    ],
    ['homepage', { homepageUrl: 'http://parley.dev' }, 'homepage'],
    [
      'title',
      { title: 'P', description: 'P is a meeting assistant that records and summarizes calls.' },
      'title',
    ],
  ])('fails on a seeded listing: %s', (_, change, words) => {
    expect(listingViolations({ ...LISTING, ...change }).join('\n')).toContain(words);
  });

  it.each(LISTING.logo.sizes)('listing/logo-%i.png is a square RGBA PNG of at least 256 px', (size) => {
    const file = readFileSync(logoPath(size));
    expect(logoViolations(file)).toEqual([]);
    expect(PNG.sync.read(file).width).toBe(size);
  });

  it('fails on a seeded logo: too small, not square, no alpha, not a PNG', () => {
    expect(logoViolations(renderLogo(128))).toEqual(['logo: 128 px is under 256']);
    const wide = readFileSync(logoSourcePath, 'utf8').replace('width="512"', 'width="640"');
    expect(logoViolations(renderLogo(640, wide))[0]).toMatch(/not square/);
    expect(logoViolations(rgbPng(256))).toEqual(['logo: colour type 2, not RGBA']);
    expect(logoViolations(Buffer.from('<svg/>'))).toEqual(['logo: not a PNG']);
  });

  it('the logo files are rendered from listing/logo.svg (npm run listing -w integration when not)', () => {
    for (const size of LISTING.logo.sizes) {
      expect(readFileSync(logoPath(size)).equals(renderLogo(size)), `logo-${size}.png`).toBe(true);
    }
    expect(readFileSync(listingDocPath, 'utf8')).toBe(listingMarkdown());
  });

  it('every step shows its help sentence from the listing, and every sentence is used', () => {
    type Step = { key: string; display: { description: string } };
    const steps = (group: Record<string, Step> | undefined, helpKey: (key: string) => string) =>
      Object.values(group ?? {}).map((o) => [
        o.display.description,
        STEP_HELP[helpKey(o.key) as keyof typeof STEP_HELP],
      ]);
    // Instant twins share their polling trigger's sentence; Find or Create has its own.
    const shown = [
      ...[App.triggers, App.searches, App.creates].flatMap((group) =>
        steps(group as Record<string, Step>, (key) => key.replace(/_instant$/, '')),
      ),
      ...steps(
        App.searchOrCreates as Record<string, Step>,
        (key) => `find_or_create_${key.replace(/^find_/, '')}`,
      ),
    ];
    for (const [description, help] of shown) expect(description).toBe(help);
    expect(new Set(shown.map(([, help]) => help))).toEqual(new Set(Object.values(STEP_HELP)));
  });
});

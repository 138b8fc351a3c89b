// The spec's units as the sentence matrix numbers them: every table row (not the header) and every
// sentence of a paragraph or list item, each under the heading it sits in. The matrix test reads the
// spec with this and demands an entry for each unit, so a sentence added to the spec is caught.

export interface SpecUnit {
  /** The nearest heading above it (`##` or `###`), or "Introduction" before the first. */
  section: string;
  /** The spec's own words: a row's cells joined with " | ", or one sentence. */
  text: string;
}

const SENTENCE_END = /(?<=\.)\s+(?=[A-Z`{<(])/;

export function specUnits(markdown: string): SpecUnit[] {
  const units: SpecUnit[] = [];
  let section = 'Introduction';
  let inTable = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('# ')) continue;
    const heading = /^#{2,3} (.+)$/.exec(line);
    if (heading?.[1]) {
      section = heading[1];
      inTable = false;
      continue;
    }
    if (line.startsWith('|')) {
      // The first row of a table is its header, the second its |---| rule: neither is a rule.
      if (!inTable || /^\|[\s|:-]+\|$/.test(line)) {
        inTable = true;
        continue;
      }
      units.push({ section, text: rowText(line) });
      continue;
    }
    inTable = false;
    if (!line) continue;
    const body = line.replace(/^(\d+\.|-) /, '');
    for (const sentence of body.split(SENTENCE_END)) units.push({ section, text: sentence.trim() });
  }
  return units;
}

/** A table row's cells, trimmed, joined with " | " (an escaped `\|` inside a cell kept). */
export const rowText = (line: string): string =>
  line
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())
    .join(' | ')
    .trim();

/** `S-<section-slug>-<nn>`'s slug: the heading in lower case, words joined by hyphens. */
export const sectionSlug = (section: string): string =>
  section
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

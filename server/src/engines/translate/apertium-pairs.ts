import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// The pair graph of the installed Apertium data: which modes exist (`<datadir>/modes/*.mode`, one per
// direction a Debian pair package installs), which service languages they translate between, and
// the route of modes from one language to another: a direct mode, else a chain that pivots through
// English and/or Spanish (the two hubs every chosen package connects to). Other pivots (mk→bg,
// is→sv) are not taken: each extra rule-based hop loses more than it adds.

export const APERTIUM_DATA_DIR = '/usr/share/apertium';

/** Languages a route may pass through, in the order they are tried. */
export const PIVOT_LANGUAGES = ['en', 'es'] as const;

/** Longest chain of modes: source → en → es → target (mk→en→es→fr). */
const MAX_HOPS = 3;

/** Apertium's ISO 639-3 (and Serbo-Croatian variant) codes → the service's codes. */
const APERTIUM_CODES: Readonly<Record<string, readonly string[]>> = {
  eng: ['en'],
  spa: ['es'],
  cat: ['ca'],
  glg: ['gl'],
  eus: ['eu'],
  fra: ['fr'],
  por: ['pt'],
  ita: ['it'],
  ron: ['ro'],
  mkd: ['mk'],
  bul: ['bg'],
  isl: ['is'],
  swe: ['sv'],
  dan: ['da'],
  nob: ['no'],
  nld: ['nl'],
  afr: ['af'],
  ind: ['id'],
  zlm: ['ms'],
  rus: ['ru'],
  ukr: ['uk'],
  bel: ['be'],
  hin: ['hi'],
  urd: ['ur'],
  slv: ['sl'],
  pol: ['pl'],
  // The hbs modes read any of the three standards; each variant mode writes one.
  hbs: ['sr', 'hr', 'bs'],
  hbs_SR: ['sr'],
  hbs_HR: ['hr'],
  hbs_BS: ['bs'],
};

/** One installed direction: the mode name `apertium` runs, and the service codes it joins. */
export interface ApertiumMode {
  name: string;
  source: string;
  target: string;
}

export interface PairGraph {
  modes: readonly ApertiumMode[];
  /** Modes from one service language to another, at most one per ordered pair. */
  direct(source: string, target: string): ApertiumMode | undefined;
  /** The chain of modes from source to target (direct, or through the pivots); undefined when none. */
  route(source: string, target: string): ApertiumMode[] | undefined;
  /** Every language some installed mode reads, sorted. */
  sources(): string[];
  /** Every language reachable from `source`, sorted. */
  targetsFrom(source: string): string[];
  /** Every language some route reaches from some source, sorted. */
  targets(): string[];
}

/** Service codes of an Apertium language code ("en", "eng", "hbs_SR"); empty when unknown. */
export function serviceCodes(apertiumCode: string): readonly string[] {
  if (apertiumCode in APERTIUM_CODES) return APERTIUM_CODES[apertiumCode] ?? [];
  // Two-letter names (es-pt, en-gl, eu-en) are already service codes; other variants are skipped.
  return /^[a-z]{2}$/.test(apertiumCode) ? [apertiumCode] : [];
}

/**
 * Modes from their file names. A name is `<source>-<target>` with optional `_VARIANT` suffixes;
 * a variant is kept only when it names a language (hbs_SR), so regional or orthographic variants
 * (spa-cat_valencia, es-pt_BR) and helper modes (Cyrl-Latn) never shadow the plain pair.
 */
export function modesFromNames(names: readonly string[]): ApertiumMode[] {
  const modes: ApertiumMode[] = [];
  const taken = new Set<string>();
  // Variant modes first: eng-hbs_SR, not the generic eng-hbs, writes Serbian.
  const ordered = [...names].sort(
    (a, b) => Number(!a.includes('_')) - Number(!b.includes('_')) || a.localeCompare(b),
  );
  for (const name of ordered) {
    const match = /^([a-z]{2,3}(?:_[A-Za-z]+)?)-([a-z]{2,3}(?:_[A-Za-z0-9]+)?)$/.exec(name);
    if (!match?.[1] || !match[2]) continue;
    for (const source of serviceCodes(match[1])) {
      for (const target of serviceCodes(match[2])) {
        const key = `${source}>${target}`;
        if (source === target || taken.has(key)) continue;
        taken.add(key);
        modes.push({ name, source, target });
      }
    }
  }
  return modes;
}

/** The installed modes of `dataDir` (none when Apertium or its pairs are not installed). */
export function installedModes(dataDir: string = APERTIUM_DATA_DIR): ApertiumMode[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'modes'));
  } catch {
    return [];
  }
  return modesFromNames(files.filter((f) => f.endsWith('.mode')).map((f) => f.slice(0, -'.mode'.length)));
}

export function buildPairGraph(modes: readonly ApertiumMode[]): PairGraph {
  const byPair = new Map(modes.map((m) => [`${m.source}>${m.target}`, m]));
  const direct = (s: string, t: string) => byPair.get(`${s}>${t}`);
  const languages = [...new Set(modes.flatMap((m) => [m.source, m.target]))].sort();

  // Breadth first over the pivots only, so the shortest chain wins and English is tried before Spanish.
  const route = (source: string, target: string): ApertiumMode[] | undefined => {
    if (source === target) return [];
    let frontier: { at: string; path: ApertiumMode[] }[] = [{ at: source, path: [] }];
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const next: typeof frontier = [];
      for (const { at, path } of frontier) {
        const last = direct(at, target);
        if (last) return [...path, last];
        for (const pivot of PIVOT_LANGUAGES) {
          const step = direct(at, pivot);
          if (!step || pivot === source || path.some((m) => m.source === pivot)) continue;
          next.push({ at: pivot, path: [...path, step] });
        }
      }
      frontier = next;
    }
    return undefined;
  };
  const targetsFrom = (source: string) =>
    languages.filter((t) => t !== source && route(source, t) !== undefined);
  const sources = () => [...new Set(modes.map((m) => m.source))].sort();
  return {
    modes,
    direct,
    route,
    sources,
    targetsFrom,
    targets: () => [...new Set(sources().flatMap(targetsFrom))].sort(),
  };
}

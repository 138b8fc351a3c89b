import {
  APERTIUM_DATA_DIR,
  type ApertiumMode,
  buildPairGraph,
  installedModes,
  type PairGraph,
  PIVOT_LANGUAGES,
} from './apertium-pairs.js';
import { ApertiumPool, type ApertiumPoolOptions } from './apertium-pool.js';
import { type RunTranslator, TranslateInputError } from './translate.engine.js';

// Local translation with Apertium (Debian's `apertium` and one package per language pair): the
// pair graph of the installed modes, a pivot through English or Spanish where no direct pair
// exists, and a pool of long-lived null-flush pipelines. Runs arrive already cut by the shared
// translator (markdown-runs.ts), so markup never reaches Apertium and its structure survives.

export const APERTIUM_ADAPTER = 'apertium';

/**
 * The Debian packages this project installs (scripts/setup.sh): the smallest set found that joins
 * the most of the spec's languages to the English/Spanish hub (schemas/README.md says why each).
 */
export const APERTIUM_PACKAGES = [
  'apertium',
  'apertium-eng-spa',
  'apertium-spa-cat',
  'apertium-en-gl',
  'apertium-fr-es',
  'apertium-es-pt',
  'apertium-spa-ita',
  'apertium-es-ro',
  'apertium-eu-en',
  'apertium-mkd-eng',
  'apertium-hbs-eng',
  'apertium-isl-eng',
  // Direct pairs between two of the languages above, where Debian has them: one rule-based hop
  // instead of a pivot through Spanish or English (fr↔ca, pt↔ca, it↔ca, es↔gl, pt↔gl). Not eng-cat:
  // measured (bench:translate), en↔ca direct scored 1–2 chrF below the pivot through Spanish.
  'apertium-fra-cat',
  'apertium-por-cat',
  'apertium-cat-ita',
  'apertium-es-gl',
  'apertium-pt-gl',
] as const;

export interface ApertiumOptions extends ApertiumPoolOptions {
  /** The installed modes; read from `<dataDir>/modes` when absent. */
  modes?: readonly ApertiumMode[];
}

export interface ApertiumRunTranslator extends RunTranslator {
  readonly graph: PairGraph;
  readonly pool: ApertiumPool;
}

/** The Apertium backend, or undefined when no pair is installed (the registry then says so). */
export function createApertiumRunTranslator(
  options: ApertiumOptions = {},
): ApertiumRunTranslator | undefined {
  const modes = options.modes ?? installedModes(options.dataDir ?? APERTIUM_DATA_DIR);
  if (modes.length === 0) return undefined;
  const graph = buildPairGraph(modes);
  const pool = new ApertiumPool(options);
  const pairs = modes.map((m) => `${m.source}→${m.target}`).join(', ');
  return {
    adapter: APERTIUM_ADAPTER,
    detail: `${modes.length} installed pairs (${pairs}); other targets pivot through ${PIVOT_LANGUAGES.join(' or ')}; targets: ${graph.targets().join(', ')}`,
    // One batch is one write to a pipeline: large enough that a 100,000-character text is a few.
    maxBatchChars: 20_000,
    maxBatchItems: 500,
    graph,
    pool,
    reach: {
      route: (source, target) =>
        graph
          .route(source, target)
          ?.slice(1)
          .map((m) => m.source),
      sources: () => graph.sources(),
      targetsFrom: (source) => graph.targetsFrom(source),
    },
    async translateRuns(texts, source, target) {
      const route = graph.route(source, target);
      if (!route)
        throw new TranslateInputError(`No installed Apertium pair translates ${source} into ${target}`);
      let out: readonly string[] = texts;
      for (const mode of route) out = await pool.translate(mode.name, out);
      return out.map((translated, i) => keepLowerStart(texts[i] ?? '', translated));
    },
    close: () => pool.close(),
  };
}

/**
 * Apertium reads the start of every text it is given as the start of a sentence and capitalises
 * it, but a run that follows inline code or a link ("Run `npm test` before …", "read [the guide]")
 * is the middle of one: when the source run starts with a lower-case letter, so does its
 * translation. (None of Apertium's targets capitalises nouns, so a lower-case start is never wrong.)
 */
export function keepLowerStart(source: string, translated: string): string {
  const from = /\p{L}/u.exec(source)?.[0];
  const at = /\p{L}/u.exec(translated);
  if (!from || !at || from !== from.toLowerCase() || from === from.toUpperCase()) return translated;
  const letter = at[0];
  return `${translated.slice(0, at.index)}${letter.toLowerCase()}${translated.slice(at.index + letter.length)}`;
}

/** One line for a test or a missing engine: which packages to install. */
export function apertiumInstallHint(): string {
  return `apt-get install ${APERTIUM_PACKAGES.join(' ')}`;
}

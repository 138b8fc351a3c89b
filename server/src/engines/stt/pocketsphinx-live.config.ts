// The live decoder's search settings, kept apart from the file decoder's (pocketsphinx.adapter.ts
// `decoderArgv`, which both share): a live stream must keep up with real time on a fraction of a
// core, a file can take the default search. Measured side by side with `npx tsx
// bench/live-search.bench.ts` (cost per second of audio and word error rate on the fixtures;
// figures in bench/README.md "Live decoder search").

/**
 * Appended to `decoderArgv` for live decoders. `-maxhmmpf 3000` (pocketsphinx's default is 30,000):
 * on the English fixtures a real-time stream drops from ~0.25 to ~0.18 of a core at about the
 * same word error rate. The second (flat-lexicon) pass stays on: without it short utterances lose
 * words.
 */
export const LIVE_SEARCH: readonly string[] = ['-maxhmmpf', '3000'];

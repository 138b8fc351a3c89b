import type { DecoderPool, Slots } from './decoder-pool.js';
import { keywordWords, type PronunciationSource } from './keyword-pronunciation.js';
import type { PocketsphinxDecoder } from './pocketsphinx-decoder.js';

// Context keywords on the local engine. pocketsphinx 5prealpha cannot boost a word it already
// knows, but it can learn an unknown one (ps_add_word adds it to the dictionary and the language
// model). Words added to a shared decoder would leak one caller's vocabulary into everyone's
// transcripts, so a request whose keywords need new words gets a decoder of its own, built for it
// and freed after; the number of such decoders is bounded by `slots`.

/** Where a request gets its decoders from. */
export interface DecoderLease {
  /** Keyword words this lease's decoder learned (empty for the shared pool). */
  readonly keywordsAdded: readonly string[];
  acquire(): Promise<PocketsphinxDecoder>;
  release(decoder: PocketsphinxDecoder): void;
  /** Frees what the lease built. */
  end(): Promise<void>;
}

export interface VocabularyContext {
  /** Shared decoders for file/batch work. */
  pool: DecoderPool<PocketsphinxDecoder>;
  /**
   * Shared decoders for live streams, kept apart from `pool`: live-mode decoding adapts state that
   * ps_start_stream does not reset, and a batch decode must give the same text whoever ran before.
   */
  livePool: DecoderPool<PocketsphinxDecoder>;
  /** A new decoder with the search settings of live streams (`true`) or of files. */
  create: (live: boolean) => Promise<PocketsphinxDecoder>;
  slots: Slots;
  pronunciations: PronunciationSource;
}

export function pooledLease(pool: DecoderPool<PocketsphinxDecoder>): DecoderLease {
  return {
    keywordsAdded: [],
    acquire: () => pool.acquire(),
    release: (decoder) => pool.release(decoder),
    end: async () => {},
  };
}

/**
 * A lease for `keywords`: a shared pool when they add nothing (no keywords, all known, no
 * pronunciation, or — for live streams, which do not wait — no free slot), else a private decoder.
 */
export async function leaseFor(
  keywords: readonly string[] | undefined,
  context: VocabularyContext,
  live: boolean,
): Promise<DecoderLease> {
  const pool = live ? context.livePool : context.pool;
  const shared = pooledLease(pool);
  const words = keywordWords(keywords ?? []);
  if (words.length === 0 || !context.pronunciations.available) return shared;
  const unknown = await pool.use(async (decoder) => {
    const known = await Promise.all(words.map((w) => decoder.lookup(w)));
    return words.filter((_, i) => known[i] === null);
  });
  const pronounced = await context.pronunciations.pronounce(unknown);
  if (pronounced.size === 0) return shared;
  if (!live) await context.slots.take();
  else if (!context.slots.tryTake()) return shared;
  let decoder: PocketsphinxDecoder | undefined;
  try {
    decoder = await context.create(live);
    const entries = [...pronounced.entries()];
    const added: string[] = [];
    for (const [i, [word, phones]] of entries.entries()) {
      if (await decoder.addWord(word, phones, i === entries.length - 1)) added.push(word);
    }
    const own = decoder;
    return {
      keywordsAdded: added,
      acquire: async () => own,
      release: () => {},
      end: async () => {
        await own.free();
        context.slots.give();
      },
    };
  } catch (error) {
    await decoder?.free();
    context.slots.give();
    throw error;
  }
}

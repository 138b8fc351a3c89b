import { availableParallelism } from 'node:os';
import { msToSamples, samplesToMs } from '../audio/pcm.js';
import { type EngineStatus, EngineUnavailableError } from '../engine.js';
import { DecoderPool, Slots } from './decoder-pool.js';
import { espeakPronunciations, type PronunciationSource } from './keyword-pronunciation.js';
import { PocketsphinxDecoder, type Utterance } from './pocketsphinx-decoder.js';
import {
  DEFAULT_MODEL_DIR,
  type LibraryNames,
  loadPocketsphinx,
  type ModelPaths,
  missingModelFiles,
  modelPaths,
  type PocketsphinxLibrary,
} from './pocketsphinx-library.js';
import { LIVE_SEARCH } from './pocketsphinx-live.config.js';
import { type DecoderLease, leaseFor, type VocabularyContext } from './pocketsphinx-vocabulary.js';
import { splitLongAudio } from './split-long-audio.js';
import {
  resultOf,
  type SttEngine,
  type SttOptions,
  type SttResult,
  type SttSegment,
  type SttStream,
} from './stt.engine.js';

// Local English speech-to-text: Debian's pocketsphinx with the generic en-us model, in-process.
// Only English: hints for other languages are reported as not honoured, never faked.

export interface PocketsphinxOptions {
  /** Folder with en-us/, en-us.lm.bin and cmudict-en-us.dict (POCKETSPHINX_MODEL_DIR). */
  modelDir?: string;
  libraries?: LibraryNames;
  /** Shared decoders for files alive at once (each ~100 MB); default: CPU count, 2 to 4. */
  maxDecoders?: number;
  /**
   * Shared decoders for live streams; default `maxDecoders`. A live session holds one while an
   * utterance is open, and one waiting for it gets no interim until another utterance ends
   * (seconds), so a server should allow as many as the live sessions it admits. Built on demand.
   */
  maxLiveDecoders?: number;
  /** Search settings appended for live decoders; default `LIVE_SEARCH` (the bench compares others). */
  liveSearch?: readonly string[];
  /** Private decoders for requests whose context keywords add words; default 2. */
  maxKeywordDecoders?: number;
  /** Pronunciations of unknown keyword words; default espeak-ng's command-line program. */
  pronunciations?: PronunciationSource;
  /**
   * Build the first decoder now (default), proving the model loads, or leave it to the first request:
   * a decoder costs ~0.7 s and ~100 MB, which a server should not pay before it listens.
   */
  warm?: boolean;
}

const LANGUAGE = 'en';
/** Utterances longer than this are cut (pocketsphinx's lattice grows with length). */
const MAX_UTTERANCE_MS = 30_000;

/**
 * A decoder's configuration. No `-logfn`: ps_init hands it to sphinxbase's err_set_logfile, which
 * opens a new global log file and fcloses the old one while other decoders may be writing to it on
 * koffi's worker threads (a use after free: the native abort "free(): unaligned chunk detected in
 * tcache 2" under concurrent streams). Logging stays off from the library's load.
 */
export function decoderArgv(paths: ModelPaths): string[] {
  return ['-hmm', paths.hmm, '-lm', paths.lm, '-dict', paths.dict, '-remove_silence', 'no'];
}

export class PocketsphinxSttEngine implements SttEngine {
  readonly languages = [LANGUAGE] as const;
  readonly wholeFile = false;
  readonly streaming = true;

  /** Use `create()`; the constructor only assembles. */
  constructor(
    private readonly vocabulary: VocabularyContext | undefined,
    private readonly detail: string,
  ) {}

  /** Loads the library and builds one decoder; any failure yields an engine that says why it is unavailable. */
  static async create(options: PocketsphinxOptions = {}): Promise<PocketsphinxSttEngine> {
    const dir = options.modelDir ?? process.env.POCKETSPHINX_MODEL_DIR ?? DEFAULT_MODEL_DIR;
    const paths = modelPaths(dir);
    const missing = missingModelFiles(paths);
    if (missing.length)
      return unavailable(`model files missing: ${missing.join(', ')} (install pocketsphinx-en-us)`);
    let lib: PocketsphinxLibrary;
    try {
      lib = loadPocketsphinx(options.libraries);
    } catch (error) {
      return unavailable(`library not loadable (install libpocketsphinx3): ${(error as Error).message}`);
    }
    const argv = decoderArgv(paths);
    const liveSearch = options.liveSearch ?? LIVE_SEARCH;
    const create = (live: boolean) => PocketsphinxDecoder.create(lib, live ? [...argv, ...liveSearch] : argv);
    let first: PocketsphinxDecoder | undefined;
    if (options.warm !== false) {
      try {
        first = await create(false);
      } catch (error) {
        return unavailable((error as Error).message);
      }
    }
    const max = options.maxDecoders ?? Math.min(4, Math.max(2, availableParallelism()));
    const pool = new DecoderPool(
      () => create(false),
      (d) => d.free(),
      max,
    );
    if (first) pool.seed(first);
    const maxLive = options.maxLiveDecoders ?? max;
    const livePool = new DecoderPool(
      () => create(true),
      (d) => d.free(),
      maxLive,
    );
    const pronunciations = options.pronunciations ?? espeakPronunciations();
    const keywords = pronunciations.available
      ? `context keywords: unknown words are learned with ${pronunciations.detail} pronunciations, known words are not boosted`
      : `context keywords ignored (${pronunciations.detail})`;
    const slots = new Slots(options.maxKeywordDecoders ?? 2);
    return new PocketsphinxSttEngine(
      { pool, livePool, create, slots, pronunciations },
      `pocketsphinx 5prealpha, en-us generic model at ${dir}; English only; up to ${max} decoders for files and ${maxLive} for live streams (~100 MB each); ${keywords}`,
    );
  }

  status(): EngineStatus {
    return {
      engine: 'stt',
      adapter: 'pocketsphinx',
      available: this.vocabulary !== undefined,
      detail: this.detail,
    };
  }

  async transcribe(pcm16k: Int16Array, options: SttOptions = {}): Promise<SttResult> {
    const [result] = await this.transcribeMany([pcm16k], options);
    if (!result) throw new Error('no result');
    return result;
  }

  /** One vocabulary lease for all clips; clips run in parallel across the shared decoders. */
  async transcribeMany(clips: readonly Int16Array[], options: SttOptions = {}): Promise<SttResult[]> {
    const lease = await leaseFor(options.contextKeywords, this.context(), false);
    try {
      return await Promise.all(clips.map((clip) => this.decodeClip(clip, lease, options)));
    } finally {
      await lease.end();
    }
  }

  /** A live session does not wait for a private decoder: without a free slot its keywords are not learned. */
  async openStream(options: SttOptions = {}): Promise<SttStream> {
    const lease = await leaseFor(options.contextKeywords, this.context(), true);
    let decoder: Promise<PocketsphinxDecoder> | undefined;
    let written = 0;
    let utteranceStart = 0;
    let closed = false;
    const release = async () => {
      const held = decoder;
      decoder = undefined;
      if (held) lease.release(await held);
    };
    // A shared decoder is held only while an utterance is open, so idle sessions do not pin ~100 MB each.
    return {
      async write(pcm) {
        if (closed) throw new Error('stream closed');
        if (!decoder) {
          decoder = lease.acquire();
          utteranceStart = written;
        }
        written += pcm.length;
        await (await decoder).write(pcm);
      },
      partial: async () => (decoder ? (await decoder).partial() : ''),
      async finalize() {
        if (!decoder) return withKeywords(resultOf([], LANGUAGE, options.languageHints), lease);
        const held = await decoder;
        try {
          const utterance = await held.end();
          const segment = toSegment(utterance, samplesToMs(utteranceStart), samplesToMs(written));
          return withKeywords(resultOf([segment], LANGUAGE, options.languageHints), lease);
        } finally {
          await release();
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        if (decoder) await (await decoder).end().catch(() => undefined);
        await release();
        await lease.end();
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.vocabulary?.pool.close(), this.vocabulary?.livePool.close()]);
  }

  private async decodeClip(pcm: Int16Array, lease: DecoderLease, options: SttOptions): Promise<SttResult> {
    const segments: SttSegment[] = [];
    for (const piece of splitLongAudio(pcm, msToSamples(MAX_UTTERANCE_MS))) {
      options.signal?.throwIfAborted();
      const decoder = await lease.acquire();
      let utterance: Utterance;
      try {
        utterance = await decoder.decodeUtterance(piece.pcm);
      } finally {
        lease.release(decoder);
      }
      segments.push(
        toSegment(utterance, samplesToMs(piece.offset), samplesToMs(piece.offset + piece.pcm.length)),
      );
    }
    return withKeywords(resultOf(segments, LANGUAGE, options.languageHints), lease);
  }

  private context(): VocabularyContext {
    if (!this.vocabulary) throw new EngineUnavailableError('stt', this.detail);
    return this.vocabulary;
  }
}

function unavailable(reason: string): PocketsphinxSttEngine {
  return new PocketsphinxSttEngine(undefined, reason);
}

function withKeywords(result: SttResult, lease: DecoderLease): SttResult {
  return lease.keywordsAdded.length ? { ...result, keywordsAdded: [...lease.keywordsAdded] } : result;
}

function toSegment(utterance: Utterance, offsetMs: number, endMs: number): SttSegment {
  const words = utterance.words.map((w) => ({
    ...w,
    startMs: w.startMs + offsetMs,
    endMs: w.endMs + offsetMs,
  }));
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return {
    text: utterance.text,
    startMs: words[0]?.startMs ?? offsetMs,
    endMs: words.at(-1)?.endMs ?? endMs,
    confidence,
    words,
  };
}

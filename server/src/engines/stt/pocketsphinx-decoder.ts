import koffi from 'koffi';
import type { PocketsphinxLibrary, Pointer } from './pocketsphinx-library.js';
import type { SttWord } from './stt.engine.js';

// One pocketsphinx decoder (ps_decoder_t) with its own native sample buffer. A decoder is not
// thread-safe and koffi runs the heavy calls on worker threads, so every operation is queued on
// one promise chain: calls from JS may overlap, the decoder sees them one at a time.

/** Feature frames per second (pocketsphinx's -frate default). */
const FRAME_RATE = 100;
/** Samples per ps_process_raw call in streaming mode: small enough to keep interim results fresh. */
const STREAM_CHUNK = 4_000;

export interface Utterance {
  text: string;
  /** Times relative to the utterance start. */
  words: SttWord[];
}

export class PocketsphinxDecoder {
  private chain: Promise<unknown> = Promise.resolve();
  private buffer: unknown;
  private capacity = 0;
  private inUtterance = false;
  private freed = false;

  private constructor(
    private readonly lib: PocketsphinxLibrary,
    private readonly handle: Pointer,
  ) {}

  static async create(lib: PocketsphinxLibrary, argv: readonly string[]): Promise<PocketsphinxDecoder> {
    const config = lib.parseConfig(argv);
    if (!config) throw new Error(`pocketsphinx rejected its configuration: ${argv.join(' ')}`);
    const handle = await lib.init(config);
    lib.freeConfig(config);
    if (!handle) throw new Error('ps_init failed: the model could not be loaded');
    return new PocketsphinxDecoder(lib, handle);
  }

  /** Starts an utterance, processes `pcm`, ends it: one call, one CMN estimate over the whole utterance. */
  decodeUtterance(pcm: Int16Array): Promise<Utterance> {
    return this.enqueue(async () => {
      await this.begin();
      if (pcm.length) await this.lib.processRaw(this.handle, this.load(pcm), pcm.length, true);
      return this.finish();
    });
  }

  /** Appends audio to the open utterance, starting one if needed. */
  write(pcm: Int16Array): Promise<void> {
    return this.enqueue(async () => {
      if (!this.inUtterance) await this.begin();
      for (let at = 0; at < pcm.length; at += STREAM_CHUNK) {
        const chunk = pcm.subarray(at, at + STREAM_CHUNK);
        await this.lib.processRaw(this.handle, this.load(chunk), chunk.length, false);
      }
    });
  }

  /** The current best hypothesis of the open utterance. */
  partial(): Promise<string> {
    return this.enqueue(() => (this.inUtterance ? (this.lib.getHyp(this.handle) ?? '') : ''));
  }

  /** Ends the open utterance (if any) and returns its result. */
  end(): Promise<Utterance> {
    return this.enqueue(() => (this.inUtterance ? this.finish() : { text: '', words: [] }));
  }

  /** Pronunciation in the dictionary, e.g. `M IY T IH NG`, or null for an unknown word. */
  lookup(word: string): Promise<string | null> {
    return this.enqueue(() => this.lib.lookupWord(this.handle, word));
  }

  /** `rebuild` false defers the search rebuild (~0.1 s) to the last word of a batch. */
  addWord(word: string, phones: string, rebuild = true): Promise<boolean> {
    return this.enqueue(() => this.lib.addWord(this.handle, word, phones, rebuild) >= 0);
  }

  free(): Promise<void> {
    return this.enqueue(() => {
      if (this.freed) return;
      this.freed = true;
      this.lib.free(this.handle);
      if (this.buffer) koffi.free(this.buffer);
      this.buffer = undefined;
    });
  }

  private enqueue<T>(op: () => T | Promise<T>): Promise<T> {
    const next = this.chain.then(() => {
      if (this.freed) throw new Error('pocketsphinx decoder already freed');
      return op();
    });
    this.chain = next.catch(() => {});
    return next;
  }

  private async begin(): Promise<void> {
    // A previous user may have left an utterance open (a stream closed mid-sentence).
    if (this.inUtterance) await this.lib.endUtt(this.handle);
    // Decoders are shared: without a new stream, noise and CMN estimates (and frame numbers) carry
    // over from whoever used the decoder last, and the same audio would not give the same transcript.
    this.lib.startStream(this.handle);
    if (this.lib.startUtt(this.handle) < 0) throw new Error('ps_start_utt failed');
    this.inUtterance = true;
  }

  private async finish(): Promise<Utterance> {
    this.inUtterance = false;
    if ((await this.lib.endUtt(this.handle)) < 0) throw new Error('ps_end_utt failed');
    const text = this.lib.getHyp(this.handle) ?? '';
    const words: SttWord[] = [];
    const segments = this.lib.segments(this.handle);
    // After a live-mode (not full_utt) utterance, pocketsphinx keeps counting frames across
    // utterances; the best path always starts at the utterance's first frame, so that is the base.
    const base = segments[0]?.startFrame ?? 0;
    for (const seg of segments) {
      if (isFiller(seg.word)) continue;
      words.push({
        text: seg.word.replace(/\(\d+\)$/, ''),
        startMs: ((seg.startFrame - base) * 1000) / FRAME_RATE,
        endMs: ((seg.endFrame - base + 1) * 1000) / FRAME_RATE,
        confidence: clamp01(this.lib.exp(this.handle, seg.logPosterior)),
      });
    }
    return { text: text.trim(), words };
  }

  /**
   * Copies samples into native memory that stays put while a worker thread reads it, adding ±1 LSB
   * of dither: digital silence (exact zeros) otherwise makes the recognizer hallucinate words. The
   * dither is a fixed pseudo-random sequence (pocketsphinx's own -dither seeds a global RNG from
   * the clock), so the same audio always gives the same transcript.
   */
  private load(pcm: Int16Array): bigint {
    if (pcm.length > this.capacity) {
      if (this.buffer) koffi.free(this.buffer);
      this.capacity = Math.max(pcm.length, STREAM_CHUNK);
      this.buffer = koffi.alloc('int16_t', this.capacity);
    }
    const target = new Int16Array(koffi.view(this.buffer, pcm.length * 2));
    let seed = 0x2545f491;
    for (let i = 0; i < pcm.length; i++) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      const v = (pcm[i] ?? 0) + ((seed >>> 16) % 3) - 1;
      target[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
    return koffi.address(this.buffer);
  }
}

/** Silence, sentence marks and noise models: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++UH++`. */
function isFiller(word: string): boolean {
  return word.startsWith('<') || word.startsWith('[') || word.startsWith('++');
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

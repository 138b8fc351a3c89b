import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import koffi from 'koffi';

// The C API of Debian's pocketsphinx 5prealpha (libpocketsphinx.so.3, libsphinxbase.so.3), bound
// in-process with koffi, as declared in /usr/include/pocketsphinx/pocketsphinx.h and
// /usr/include/x86_64-linux-gnu/sphinxbase/{cmd_ln,logmath,err}.h. Handles are opaque pointers
// (koffi returns them as bigint). The heavy calls (init, process, end of utterance) also get an
// async form that koffi runs on its worker threads, so decoding never blocks the event loop.

export type Pointer = bigint;

export interface PocketsphinxLibrary {
  /** ps_args() definitions parsed from an argv-style list into a cmd_ln_t. */
  parseConfig(argv: readonly string[]): Pointer | null;
  /** Drops our reference to a config (ps_init keeps its own). */
  freeConfig(config: Pointer): void;
  init(config: Pointer): Promise<Pointer | null>;
  free(decoder: Pointer): void;
  /** Resets stream-wide state (noise level, CMN, frame count) so the next utterance stands alone. */
  startStream(decoder: Pointer): number;
  startUtt(decoder: Pointer): number;
  processRaw(decoder: Pointer, samples: Pointer, count: number, fullUtt: boolean): Promise<number>;
  endUtt(decoder: Pointer): Promise<number>;
  getHyp(decoder: Pointer): string | null;
  /** Word segmentation of the best hypothesis: word, first and last frame, posterior (log domain). */
  segments(decoder: Pointer): { word: string; startFrame: number; endFrame: number; logPosterior: number }[];
  /** Log-domain value of this decoder's logmath → linear probability. */
  exp(decoder: Pointer, logValue: number): number;
  lookupWord(decoder: Pointer, word: string): string | null;
  addWord(decoder: Pointer, word: string, phones: string, update: boolean): number;
  /** Whether sphinxbase's global log is still off, as loading the library left it. */
  loggingOff(): boolean;
}

export interface ModelPaths {
  hmm: string;
  lm: string;
  dict: string;
}

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The Debian package's layout: `<dir>/en-us` (acoustic model), `en-us.lm.bin`, `cmudict-en-us.dict`. */
export function modelPaths(dir: string): ModelPaths {
  return { hmm: join(dir, 'en-us'), lm: join(dir, 'en-us.lm.bin'), dict: join(dir, 'cmudict-en-us.dict') };
}

export function missingModelFiles(paths: ModelPaths): string[] {
  return [join(paths.hmm, 'mdef'), paths.lm, paths.dict].filter((file) => !existsSync(file));
}

export interface LibraryNames {
  pocketsphinx?: string;
  sphinxbase?: string;
}

/** Loads the shared libraries; throws with the loader's message when they are absent. */
export function loadPocketsphinx(names: LibraryNames = {}): PocketsphinxLibrary {
  const sb = koffi.load(names.sphinxbase ?? 'libsphinxbase.so.3');
  const ps = koffi.load(names.pocketsphinx ?? 'libpocketsphinx.so.3');

  const cmdLnParse = sb.func(
    'void *cmd_ln_parse_r(void *inout, void *defn, int argc, void *argv, int strict)',
  );
  const errSetLogfp = sb.func('void err_set_logfp(void *fp)');
  const errGetLogfp = sb.func('void *err_get_logfp()');
  const logmathExp = sb.func('double logmath_exp(void *lmath, int p)');
  const ckdFree = sb.func('void ckd_free(void *ptr)');
  const cmdLnFree = sb.func('int cmd_ln_free_r(void *cmdln)');
  const psArgs = ps.func('void *ps_args()');
  const psInit = ps.func('void *ps_init(void *config)');
  const psFree = ps.func('int ps_free(void *ps)');
  const psStartStream = ps.func('int ps_start_stream(void *ps)');
  const psStartUtt = ps.func('int ps_start_utt(void *ps)');
  const psProcessRaw = ps.func(
    'int ps_process_raw(void *ps, void *data, size_t n, int no_search, int full_utt)',
  );
  const psEndUtt = ps.func('int ps_end_utt(void *ps)');
  const psGetHyp = ps.func('const char *ps_get_hyp(void *ps, _Out_ int32_t *score)');
  const psGetLogmath = ps.func('void *ps_get_logmath(void *ps)');
  const psSegIter = ps.func('void *ps_seg_iter(void *ps)');
  const psSegNext = ps.func('void *ps_seg_next(void *seg)');
  const psSegWord = ps.func('const char *ps_seg_word(void *seg)');
  const psSegFrames = ps.func('void ps_seg_frames(void *seg, _Out_ int *sf, _Out_ int *ef)');
  const psSegProb = ps.func(
    'int32_t ps_seg_prob(void *seg, _Out_ int32_t *ascr, _Out_ int32_t *lscr, _Out_ int32_t *lback)',
  );
  const psLookupWord = ps.func('void *ps_lookup_word(void *ps, const char *word)');
  const psAddWord = ps.func('int ps_add_word(void *ps, const char *word, const char *phones, int update)');

  const mallocTrim = (() => {
    try {
      return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    } catch {
      return undefined;
    }
  })();

  // The library logs every model load to stderr by default; the server has its own logs.
  errSetLogfp(null);
  const initAsync = promisify(psInit.async) as (config: Pointer) => Promise<Pointer | null>;
  const processAsync = promisify(psProcessRaw.async) as (...args: unknown[]) => Promise<number>;
  const endAsync = promisify(psEndUtt.async) as (decoder: Pointer) => Promise<number>;

  return {
    parseConfig(argv) {
      // cmd_ln copies the strings (checked: overwriting argv after parsing leaves the config
      // intact), so the buffers only have to live through the call.
      const strings = argv.map((a) => Buffer.from(`${a}\0`));
      const pointers = koffi.alloc('void *', strings.length);
      try {
        strings.forEach((s, i) => {
          koffi.encode(pointers, i * koffi.sizeof('void *'), 'void *', koffi.address(s));
        });
        return cmdLnParse(null, psArgs(), argv.length, pointers, 1) as Pointer | null;
      } finally {
        koffi.free(pointers);
      }
    },
    freeConfig: (config) => void cmdLnFree(config),
    init: (config) => initAsync(config),
    free: (decoder) => {
      psFree(decoder);
      // glibc keeps freed memory for reuse: freeing 3 of 4 decoders gave back 120 of 270 MB without
      // a trim, 270 with it (measured here). Other C libraries have no malloc_trim and return it anyway.
      mallocTrim?.(0);
    },
    startStream: (decoder) => psStartStream(decoder) as number,
    startUtt: (decoder) => psStartUtt(decoder) as number,
    processRaw: (decoder, samples, count, fullUtt) =>
      processAsync(decoder, samples, count, 0, fullUtt ? 1 : 0),
    endUtt: (decoder) => endAsync(decoder),
    getHyp: (decoder) => psGetHyp(decoder, [0]) as string | null,
    segments(decoder) {
      const out = [];
      for (let seg = psSegIter(decoder) as Pointer | null; seg; seg = psSegNext(seg) as Pointer | null) {
        const sf = [0];
        const ef = [0];
        psSegFrames(seg, sf, ef);
        const logPosterior = psSegProb(seg, [0], [0], [0]) as number;
        out.push({
          word: psSegWord(seg) as string,
          startFrame: sf[0] ?? 0,
          endFrame: ef[0] ?? 0,
          logPosterior,
        });
      }
      return out;
    },
    exp: (decoder, logValue) => logmathExp(psGetLogmath(decoder), logValue) as number,
    lookupWord(decoder, word) {
      const pointer = psLookupWord(decoder, word) as Pointer | null;
      if (!pointer) return null;
      const phones = koffi.decode(pointer, 'char', -1) as string;
      ckdFree(pointer);
      return phones;
    },
    addWord: (decoder, word, phones, update) => psAddWord(decoder, word, phones, update ? 1 : 0) as number,
    loggingOff: () => errGetLogfp() === null,
  };
}

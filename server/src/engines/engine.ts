// What every engine adapter shares: how it reports itself to /health, and the one error a call
// gets when the engine it needs cannot run here (the HTTP layer maps it to 503 ENGINE_UNAVAILABLE).

export type EngineKind =
  | 'audio'
  | 'stt'
  | 'tts'
  | 'denoise'
  | 'langid'
  | 'vad'
  | 'diarization'
  | 'translate'
  | 'llm';

export interface EngineStatus {
  engine: EngineKind;
  /** Which adapter serves it, e.g. `pocketsphinx`, `espeak-ng-wasm`, `openai-compatible`. */
  adapter: string;
  available: boolean;
  /** Why it is unavailable, or a short note (model, version, languages). */
  detail?: string;
  /** The languages it produces, when it can say (translate: every target some route reaches). */
  languages?: string[];
}

export interface Engine {
  status(): EngineStatus;
}

export class EngineUnavailableError extends Error {
  readonly engine: EngineKind;
  constructor(engine: EngineKind, detail: string) {
    super(`${engine} engine unavailable: ${detail}`);
    this.name = 'EngineUnavailableError';
    this.engine = engine;
  }
}

/** An upstream engine answered with an error or garbage; maps to 502 UPSTREAM_FAILED. */
export class EngineFailedError extends Error {
  readonly engine: EngineKind;
  constructor(engine: EngineKind, detail: string, options?: { cause?: unknown }) {
    super(`${engine} engine failed: ${detail}`, options);
    this.name = 'EngineFailedError';
    this.engine = engine;
  }

  /**
   * Set when the upstream did not answer in time (the spec's 504 UPSTREAM_TIMEOUT, stream close 4503)
   * rather than answered with a failure (502 UPSTREAM_FAILED). The outbound client's timeout error
   * is kept as the cause; its name is checked so engines need not import the network layer.
   */
  get timedOut(): boolean {
    return this.cause instanceof Error && this.cause.name === 'OutboundTimeoutError';
  }
}

import type { EngineKind } from '../../engines/engine.js';
import { type Engine, EngineUnavailableError } from '../../engines/engine.js';
import type { Engines } from '../../engines/registry.js';

// The engines the speech services use. Any may be absent (an app built without the engines
// registry, as route tests of other groups do): a call that needs a missing or unavailable engine
// gets the 503 ENGINE_UNAVAILABLE answer, never a made-up result.

export type SpeechEngines = Partial<
  Pick<Engines, 'audio' | 'stt' | 'vad' | 'diarization' | 'tts' | 'denoise' | 'translate'>
>;

/** The engine, or EngineUnavailableError (503) saying why it cannot serve. */
export function requireEngine<E extends Engine>(engine: E | undefined, kind: EngineKind): E {
  if (!engine) throw new EngineUnavailableError(kind, 'not configured in this server');
  const status = engine.status();
  if (!status.available) throw new EngineUnavailableError(kind, status.detail ?? status.adapter);
  return engine;
}

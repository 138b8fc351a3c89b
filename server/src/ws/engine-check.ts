import type { RecognizerEngines } from '../engines/recognition/live-recognizer.js';
import { primaryLanguage } from '../engines/stt/stt.engine.js';
import { StreamFailure } from './stream-failure.js';

/**
 * Before `connected`: the recognizer and the endpointer must be up, and when the session names
 * languages, at least one must be one the recognizer knows (pocketsphinx: English). A session
 * that cannot be served is told so (ENGINE_UNAVAILABLE, close 4503) instead of getting a
 * transcript in a language nobody asked for.
 */
export function checkEngines(engines: RecognizerEngines, languageHints: readonly string[]): void {
  const { stt, vad } = engines;
  for (const engine of [stt, vad]) {
    const status = engine.status();
    if (status.available) continue;
    throw new StreamFailure(
      'ENGINE_UNAVAILABLE',
      `${status.engine} engine unavailable: ${status.detail ?? status.adapter}`,
    );
  }
  if (stt.languages === 'any' || languageHints.length === 0) return;
  if (languageHints.some((hint) => stt.languages.includes(primaryLanguage(hint)))) return;
  const names = languageHints.map((h) => `'${h}'`).join(', ');
  throw new StreamFailure(
    'ENGINE_UNAVAILABLE',
    `No speech-to-text engine supports language ${names}; live recognition here covers ${stt.languages.join(', ')}`,
  );
}

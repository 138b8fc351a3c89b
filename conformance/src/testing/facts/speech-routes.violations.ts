import { reply } from '../blind/edits.js';
import { BLIND_VIOLATIONS } from '../blind/violations.js';
import { editRequestJson } from '../variant-edits.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import { sttResult } from './edits-speech.js';
import { type FactViolation, proxied } from './fact-violation.js';

// Deployments that each break one fact of src/checks/speech/speech-routes.facts.ts and of the stream
// facts about its authentication and audio frames: a route missing, the audio read from elsewhere,
// an answer wrapped, the key read from a header only.

const missing = (path: string): ProxyHooks => ({
  answer: (req: Exchange, a: Answer) =>
    pathOf(req) === path ? reply(a, 404, { success: false, error: 'Not found', code: 'NOT_FOUND' }) : a,
});

/** A blind case's edits, reused where it breaks exactly the fact (blind/violations.ts). */
function blindHooks(id: string): () => ProxyHooks {
  const found = BLIND_VIOLATIONS.find((v) => v.id === id);
  if (!found) throw new Error(`no blind violation ${id}`);
  return found.hooks;
}

export const speechRouteViolations: readonly FactViolation[] = [
  proxied('speech.stt.route', 'missing', 'POST /v1/stt answers 404', () => missing('/v1/stt')),
  proxied(
    'speech.stt.audio_url.read',
    'other-audio',
    'another recording transcribed than audio_url names',
    () => ({
      request: editRequestJson('/v1/stt', (b) =>
        typeof b.audio_url === 'string' ? { ...b, audio_url: b.audio_url.replace('rms-01.', 'rms-03.') } : b,
      ),
    }),
  ),
  proxied('speech.service.language-detection', 'auto', 'detected_language answered as "auto"', () =>
    sttResult((r) => ({ ...r, detected_language: 'auto' })),
  ),
  proxied('speech.stt.response', 'wrapped', 'the result wrapped in {result}', () =>
    sttResult((r) => ({ result: r })),
  ),
  proxied('speech.tts.route', 'missing', 'POST /v1/tts answers 404', () => missing('/v1/tts')),
  proxied(
    'speech.tts.session_id.required',
    'missing-200',
    'a request without a required field answered 200 with error set',
    blindHooks('tts-missing-field-200'),
  ),
  proxied('speech.translate.route', 'missing', 'POST /v1/translate-text answers 404', () =>
    missing('/v1/translate-text'),
  ),
  proxied(
    'speech.auth.query-key',
    'header-only',
    'the key read from X-API-Key only, never the query',
    blindHooks('stt-query-key-ignored'),
  ),
  proxied(
    'stream.auth.close-1008-auth-section',
    'close-4401',
    'a refused key closes the socket with 4401',
    () => ({
      close: (code, reason) => (code === 1008 ? { code: 4401, reason: 'Unauthorized' } : { code, reason }),
    }),
  ),
  proxied(
    'stream.protocol.audio-binary',
    'text-only',
    'binary audio frames not taken (passed on as base64 text)',
    () => ({
      clientFrame: (data, isBinary) => (isBinary && data.length > 0 ? data.toString('base64') : data),
    }),
  ),
];

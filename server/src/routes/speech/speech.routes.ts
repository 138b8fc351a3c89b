import type { RouteKit } from '../../http/route-kit.js';
import type { SpeechServices } from '../../services/speech/speech-services.js';
import { denoiseRoutes } from './denoise/denoise.routes.js';
import { sttRoutes } from './stt/stt.routes.js';
import { translateRoutes } from './translate/translate.routes.js';
import { ttsRoutes } from './tts/tts.routes.js';
import { uploadRoutes } from './upload/upload.routes.js';

// The engine-backed routes: /v1/stt, /v1/tts, /v1/denoise and /v1/translate-text, and the upload
// that gives a person's own audio file a URL for them.

export function speechRoutes(kit: RouteKit, services: SpeechServices): void {
  sttRoutes(kit, services.stt, services.sttCallbacks);
  ttsRoutes(kit, services.tts);
  denoiseRoutes(kit, services.denoise);
  translateRoutes(kit, services.translate);
  uploadRoutes(kit, services.upload);
}

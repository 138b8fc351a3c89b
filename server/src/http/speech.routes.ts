import { type RequestHandler, Router } from 'express';
import type { SpeechServices } from '../services/speech.services.js';
import { denoiseRoutes } from './denoise.routes.js';
import type { RouteKit } from './route-kit.js';
import { sttRoutes } from './stt.routes.js';
import { translateRoutes } from './translate.routes.js';
import { ttsRoutes } from './tts.routes.js';

// The engine-backed routes: /v1/stt and /v1/tts (query-key auth, own body readers for protobuf),
// /v1/denoise and /v1/translate-text (REST routes from the catalog).

export interface SpeechRouteOptions {
  /** The `query-key` auth middleware (api_key / authorization query parameter, then headers). */
  queryAuth: RequestHandler;
  bodyLimitBytes: number;
}

export function speechRoutes(kit: RouteKit, services: SpeechServices, options: SpeechRouteOptions): Router {
  const router = Router();
  router.use(sttRoutes(kit, services.stt, options));
  router.use(ttsRoutes(kit, services.tts, options));
  denoiseRoutes(kit, services.denoise);
  translateRoutes(kit, services.translate);
  return router;
}

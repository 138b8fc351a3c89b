import type { DenoiseRequest } from '@parley/schemas/types';
import { Router } from 'express';
import type { DenoiseService } from '../services/denoise.service.js';
import type { RouteKit } from './route-kit.js';
import { abortOnDisconnect } from './speech-body.middleware.js';

// POST /v1/denoise: a REST route (X-API-Key or bearer, JSON body, 422 on schema failures). Work
// stops when the client hangs up, since decoding and denoising a long file takes a while.

export function denoiseRoutes(kit: RouteKit, denoise: DenoiseService): Router {
  const router = Router();
  kit.mount(router, 'denoise', (body: DenoiseRequest, caller, req) =>
    denoise.denoise(caller, body, req.res ? abortOnDisconnect(req.res) : undefined),
  );
  return router;
}

import type { RouteKit } from '../../../http/route-kit.js';
import type { DenoiseService } from '../../../services/speech/denoise.service.js';

// POST /v1/denoise: a REST route (X-API-Key or bearer, JSON body, 422 on schema failures). Work
// stops when the client hangs up, since decoding and denoising a long file takes a while.

export function denoiseRoutes(kit: RouteKit, denoise: DenoiseService): void {
  kit.mount('denoise', (body, caller, { signal }) => denoise.denoise(caller, body, signal));
}

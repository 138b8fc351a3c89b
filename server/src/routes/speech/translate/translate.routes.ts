import type { RouteKit } from '../../../http/route-kit.js';
import type { TranslateService } from '../../../services/speech/translate.service.js';

// POST /v1/translate-text. The spec does not show its authentication; Parley treats it like the
// other REST routes (X-API-Key or bearer), as the route catalog says.

export function translateRoutes(kit: RouteKit, translate: TranslateService): void {
  kit.mount('translate-text', (body, caller) => translate.translate(caller, body));
}

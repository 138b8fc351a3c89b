import type { RouteKit } from '../../http/route-kit.js';
import type { CachedDataService } from '../../services/cached-data/cached-data.service.js';

export function cachedDataRoutes(kit: RouteKit, cachedData: CachedDataService): void {
  kit.mount('get-meeting-summary', (body, caller) => cachedData.summary(caller, body));
  kit.mount('get-meeting-transcripts', (body, caller) => cachedData.transcripts(caller, body));
}

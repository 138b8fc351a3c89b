import type { GetMeetingSummaryRequest, GetMeetingTranscriptsRequest } from '@parley/schemas/types';
import { Router } from 'express';
import type { CachedDataService } from '../services/cached-data.service.js';
import type { RouteKit } from './route-kit.js';

export function cachedDataRoutes(kit: RouteKit, cachedData: CachedDataService): Router {
  const router = Router();
  kit.mount(router, 'get-meeting-summary', (body: GetMeetingSummaryRequest, caller) =>
    cachedData.summary(caller, body),
  );
  kit.mount(router, 'get-meeting-transcripts', (body: GetMeetingTranscriptsRequest, caller) =>
    cachedData.transcripts(caller, body),
  );
  return router;
}

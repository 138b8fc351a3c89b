import type { GetMeetingSummaryRequest, GetMeetingTranscriptsRequest } from '@parley/schemas/types';
import type { CachedDataService } from '../services/cached-data/cached-data.service.js';
import type { RouteKit } from './route-kit.js';

export function cachedDataRoutes(kit: RouteKit, cachedData: CachedDataService): void {
  kit.mount('get-meeting-summary', (body: GetMeetingSummaryRequest, caller) =>
    cachedData.summary(caller, body),
  );
  kit.mount('get-meeting-transcripts', (body: GetMeetingTranscriptsRequest, caller) =>
    cachedData.transcripts(caller, body),
  );
}

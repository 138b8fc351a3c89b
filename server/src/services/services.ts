import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';
import type { Config } from '../core/config.js';
import type { IdGenerator } from '../core/ids.js';
import type { MeetingAiEngine } from '../engines/llm/llm.engine.js';
import type { TranslateEngine } from '../engines/translate/translate.engine.js';
import type { OutboundClient } from '../net/outbound-client.js';
import { CacheVersions } from '../store/cache-versions.store.js';
import type { Store } from '../store/store.js';
import { AccountsService } from './accounts/accounts.service.js';
import { SettingsService } from './accounts/settings.service.js';
import { AiService } from './ai/ai.service.js';
import { type MeetingCacheOptions, MeetingDataCache } from './cached-data/cached-data.cache.js';
import { CachedDataService } from './cached-data/cached-data.service.js';
import { LiveResultsService } from './meetings/live-results.service.js';
import { MeetingsService } from './meetings/meetings.service.js';
import { MessagesService } from './meetings/messages.service.js';
import { ParticipantsService } from './meetings/participants.service.js';
import { TranscriptTranslationService } from './meetings/transcript-translation.service.js';
import { TranscriptionService } from './meetings/transcription.service.js';
import { PeopleService } from './people/people.service.js';
import { WorkspaceService } from './workspace/workspace.service.js';

// Every service of the app, built once from the same dependencies. To add a group: write
// `<feature>/<group>.service.ts` (plain data in and out, throws ApiError, never imports http/) and add it here.

export interface ServiceDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  /** The settings and workspace services read their configured values from here. */
  config: Pick<
    Config,
    'maxRecordingMinutes' | 'workspaceApiUrl' | 'workspaceApiVersion' | 'workspaceTimeoutMs'
  >;
  /** Meeting AI (main.ts: engines.llm). */
  llm: MeetingAiEngine;
  /** Translates transcripts into meetings' translation languages (main.ts: engines.translate). */
  translate: TranslateEngine;
  /** Client for client-supplied URLs (ask-ai attachments): net/outbound-clients.ts `clientUrls`. */
  clientUrls: OutboundClient;
  /** Client for operator-configured URLs (the workspace API): `operatorUrls`. */
  operatorUrls: OutboundClient;
  meetingCache?: MeetingCacheOptions;
  /** Logs what fails off the request path (transcript translation). */
  logger: Logger;
}

export interface Services {
  accounts: AccountsService;
  meetings: MeetingsService;
  participants: ParticipantsService;
  messages: MessagesService;
  transcription: TranscriptionService;
  settings: SettingsService;
  people: PeopleService;
  workspace: WorkspaceService;
  /**
   * The summary/transcript cache. A write that changes a meeting's summaries or utterances calls
   * `invalidate(meetingId)` itself after its transaction commits (the services below are handed it).
   */
  meetingCache: MeetingDataCache;
  cachedData: CachedDataService;
  ai: AiService;
  /** Stores live STT results of streams tied to a meeting (the live socket's results sink). */
  liveResults: LiveResultsService;
  /** The queue translating final and corrected utterances; `idle()` waits for it (tests, shutdown). */
  transcriptTranslation: TranscriptTranslationService;
}

export function createServices(deps: ServiceDeps): Services {
  const meetingCache = new MeetingDataCache(
    deps.clock,
    new CacheVersions(deps.store.db, deps.store.dialect),
    deps.meetingCache,
  );
  const transcriptTranslation = new TranscriptTranslationService({
    store: deps.store,
    cache: meetingCache,
    translate: deps.translate,
    logger: deps.logger,
  });
  return {
    accounts: new AccountsService(deps.store),
    meetings: new MeetingsService(deps.store, meetingCache),
    participants: new ParticipantsService(deps.store),
    messages: new MessagesService(deps.store, meetingCache),
    transcription: new TranscriptionService(deps.store, meetingCache, transcriptTranslation),
    settings: new SettingsService(deps.store, { maxRecordingMinutes: deps.config.maxRecordingMinutes }),
    people: new PeopleService(deps.store),
    workspace: new WorkspaceService(deps.store, {
      apiUrl: deps.config.workspaceApiUrl,
      apiVersion: deps.config.workspaceApiVersion,
      timeoutMs: deps.config.workspaceTimeoutMs,
      outbound: deps.operatorUrls,
    }),
    meetingCache,
    cachedData: new CachedDataService(deps.store, meetingCache),
    ai: new AiService({
      store: deps.store,
      llm: deps.llm,
      cache: meetingCache,
      outbound: deps.clientUrls,
    }),
    liveResults: new LiveResultsService(deps.store, deps.clock, meetingCache, transcriptTranslation),
    transcriptTranslation,
  };
}

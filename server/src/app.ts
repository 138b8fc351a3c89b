import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { emulatorRoutes } from './emulator/emulator.routes.js';
import { FileStore } from './files/file-store.js';
import { filesRoutes } from './files/files.routes.js';
import { aiRoutes } from './http/ai.routes.js';
import { headerKeyAuth, queryKeyAuth } from './http/auth.middleware.js';
import { cachedDataRoutes } from './http/cached-data.routes.js';
import { docsRoutes } from './http/docs.routes.js';
import { errorHandler, notFound } from './http/error-handler.middleware.js';
import { requestLogging } from './http/logging.middleware.js';
import { meetingsRoutes } from './http/meetings.routes.js';
import { messagesRoutes } from './http/messages.routes.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { type EngineStatusSource, opsRoutes } from './http/ops.routes.js';
import { participantsRoutes } from './http/participants.routes.js';
import { peopleRoutes } from './http/people.routes.js';
import { requestId } from './http/request-id.middleware.js';
import { createRouteKit } from './http/route-kit.js';
import { settingsRoutes } from './http/settings.routes.js';
import { speechRoutes } from './http/speech.routes.js';
import { transcriptionRoutes } from './http/transcription.routes.js';
import { workspaceRoutes } from './http/workspace.routes.js';
import { createOutboundClient, type OutboundClient } from './net/outbound-client.js';
import type { Clock } from './services/clock.js';
import type { IdGenerator } from './services/ids.js';
import { createServices, type Services } from './services/services.js';
import { createSpeechServices } from './services/speech.services.js';
import type { SpeechEngines } from './services/speech-engines.js';
import type { Store } from './store/store.js';

// The express app, assembled from injected parts. It never listens (main.ts does), so tests run it
// on port 0 with an in-memory database, a manual clock and sequential ids.

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /**
   * The engines registry (main.ts: buildEngines(config)): states for /health and the engines of
   * the speech routes. A route whose engine is absent answers 503.
   */
  engines?: EngineStatusSource & SpeechEngines;
  /** Client for client-supplied URLs (audio_url); built from config.allowPrivateUrls when absent. */
  outbound?: OutboundClient;
  /** Built from store/clock/ids when absent. */
  services?: Services;
  /** Built (without process metrics) when absent. */
  metrics?: Metrics;
  /** Where produced files go; a store under <dataDir>/files with a per-process secret when absent. */
  files?: FileStore;
  /** Runs after POST /_emulator/reset wiped the database (main.ts recreates the demo account). */
  afterReset?: () => Promise<void>;
}

export function createApp(deps: AppDeps): Express {
  const { config, store } = deps;
  const services = deps.services ?? createServices(deps);
  const metrics = deps.metrics ?? createMetrics({ processMetrics: false });
  const authenticate = (credential: string) => services.accounts.authenticate(credential);
  const kit = createRouteKit({
    auth: { 'api-key': headerKeyAuth(authenticate), 'query-key': queryKeyAuth(authenticate) },
    bodyLimitBytes: config.bodyLimitBytes,
    partnerSegment: config.partnerSegment,
  });

  const files =
    deps.files ??
    new FileStore({
      rootDir: join(config.dataDir, 'files'),
      secret: config.filesSecret ?? randomBytes(32).toString('base64url'),
      clock: deps.clock,
      baseUrl: () => config.publicUrl ?? '',
    });

  const app = express();
  app.disable('x-powered-by');
  // Every API answer is a POST's: an ETag (a SHA-1 of each body, 40 kB for a page of meetings) is
  // never used for one. Static files (/docs) keep theirs; express.static sets its own.
  app.set('etag', false);
  app.use(requestId(), requestLogging(deps.logger), metrics.middleware);

  app.use(opsRoutes(kit, { store, clock: deps.clock, metrics, engines: deps.engines }));
  app.use(docsRoutes());
  app.use(filesRoutes(files, deps.clock));
  app.use(
    emulatorRoutes({
      store,
      services,
      adminToken: config.adminToken,
      bodyLimitBytes: config.bodyLimitBytes,
      // The wiped meetings' cached summaries and transcripts must not outlive them.
      afterReset: async () => {
        services.meetingCache.clear();
        await deps.afterReset?.();
      },
    }),
  );

  // One router per resource group of the spec; each mounts its routes from the catalog.
  app.use(meetingsRoutes(kit, services.meetings));
  app.use(participantsRoutes(kit, services.participants));
  app.use(messagesRoutes(kit, services.messages));
  app.use(transcriptionRoutes(kit, services.transcription));
  app.use(settingsRoutes(kit, services.settings));
  app.use(peopleRoutes(kit, services.people));
  app.use(workspaceRoutes(kit, services.workspace));
  app.use(aiRoutes(kit, services.ai));
  app.use(cachedDataRoutes(kit, services.cachedData));
  app.use(
    speechRoutes(
      kit,
      createSpeechServices({
        engines: deps.engines ?? {},
        files,
        outbound: deps.outbound ?? createOutboundClient({ allowPrivate: config.allowPrivateUrls }),
        ids: deps.ids,
      }),
      { queryAuth: queryKeyAuth(authenticate), bodyLimitBytes: config.bodyLimitBytes },
    ),
  );

  app.use(notFound());
  app.use(errorHandler());
  return app;
}

import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { emulatorRoutes } from './emulator/emulator.routes.js';
import { FileStore } from './files/file-store.js';
import { filesRoutes } from './files/files.routes.js';
import { aiRoutes } from './http/ai.routes.js';
import { authMiddleware, callerResolvers } from './http/auth.middleware.js';
import { cachedDataRoutes } from './http/cached-data.routes.js';
import { docsRoutes } from './http/docs.routes.js';
import { docsPagesRoutes } from './http/docs-pages.routes.js';
import { errorHandler, notFound } from './http/error-handler.middleware.js';
import { frontDoor } from './http/front-door.js';
import { meetingsRoutes } from './http/meetings.routes.js';
import { messagesRoutes } from './http/messages.routes.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { type EngineStatusSource, opsRoutes } from './http/ops.routes.js';
import { participantsRoutes } from './http/participants.routes.js';
import { peopleRoutes } from './http/people.routes.js';
import { createRouteKit } from './http/route-kit.js';
import { settingsRoutes } from './http/settings.routes.js';
import { speechRoutes } from './http/speech.routes.js';
import { transcriptionRoutes } from './http/transcription.routes.js';
import { workspaceRoutes } from './http/workspace.routes.js';
import { createOutboundClient, type OutboundClient } from './net/outbound-client.js';
import { playgroundRoutes } from './playground/playground.routes.js';
import type { Clock } from './services/clock.js';
import type { IdGenerator } from './services/ids.js';
import { createServices, type Services } from './services/services.js';
import { createSpeechServices } from './services/speech.services.js';
import type { SpeechEngines } from './services/speech-engines.js';
import type { Store } from './store/store.js';

// The HTTP request listener, assembled from injected parts: the front door (request id, logs,
// metrics), the catalog's JSON routes in its route table, and an Express app for the rest. It never
// listens (main.ts does), so tests run it on port 0 with an in-memory database, a manual clock and
// sequential ids.

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
  /** The demo account's key, offered by /docs/ and /playground/ to a browser on a loopback server. */
  demoApiKey?: string;
  /** Runs after POST /_emulator/reset wiped the database (main.ts recreates the demo account). */
  afterReset?: () => Promise<void>;
}

export function createApp(deps: AppDeps): RequestListener {
  const { config, store } = deps;
  const services = deps.services ?? createServices(deps);
  const metrics = deps.metrics ?? createMetrics({ processMetrics: false });
  const resolvers = callerResolvers((credential: string) => services.accounts.authenticate(credential));
  const kit = createRouteKit({
    auth: resolvers,
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

  app.use(opsRoutes(kit, { store, clock: deps.clock, metrics, engines: deps.engines }));
  app.use(docsPagesRoutes({ ...config, demoApiKey: deps.demoApiKey }));
  app.use(docsRoutes());
  app.use(playgroundRoutes());
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
        services.meetings.forgetRendered();
        await deps.afterReset?.();
      },
    }),
  );

  // One file per resource group of the spec; each mounts its routes from the catalog.
  meetingsRoutes(kit, services.meetings);
  participantsRoutes(kit, services.participants);
  messagesRoutes(kit, services.messages);
  transcriptionRoutes(kit, services.transcription);
  settingsRoutes(kit, services.settings);
  peopleRoutes(kit, services.people);
  workspaceRoutes(kit, services.workspace);
  aiRoutes(kit, services.ai);
  cachedDataRoutes(kit, services.cachedData);
  app.use(
    speechRoutes(
      kit,
      createSpeechServices({
        engines: deps.engines ?? {},
        files,
        outbound: deps.outbound ?? createOutboundClient({ allowPrivate: config.allowPrivateUrls }),
        ids: deps.ids,
      }),
      { queryAuth: authMiddleware(resolvers['query-key']), bodyLimitBytes: config.bodyLimitBytes },
    ),
  );

  app.use(notFound());
  app.use(errorHandler());
  return frontDoor({ logger: deps.logger, metrics, routes: kit.table, fallback: app });
}

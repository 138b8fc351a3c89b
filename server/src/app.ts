import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { emulatorRoutes } from './emulator/emulator.routes.js';
import { FileStore } from './files/file-store.js';
import { filesRoutes } from './files/files.routes.js';
import { headerKeyAuth, queryKeyAuth } from './http/auth.middleware.js';
import { docsRoutes } from './http/docs.routes.js';
import { errorHandler, notFound } from './http/error-handler.middleware.js';
import { requestLogging } from './http/logging.middleware.js';
import { meetingsRoutes } from './http/meetings.routes.js';
import { messagesRoutes } from './http/messages.routes.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { type EngineStatusSource, opsRoutes } from './http/ops.routes.js';
import { participantsRoutes } from './http/participants.routes.js';
import { requestId } from './http/request-id.middleware.js';
import { createRouteKit } from './http/route-kit.js';
import type { Clock } from './services/clock.js';
import type { IdGenerator } from './services/ids.js';
import { createServices, type Services } from './services/services.js';
import type { Store } from './store/store.js';

// The express app, assembled from injected parts. It never listens (main.ts does), so tests run it
// on port 0 with an in-memory database, a manual clock and sequential ids.

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Engine states for /health; the engines registry plugs in here. */
  engines?: EngineStatusSource;
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
      ...(deps.afterReset ? { afterReset: deps.afterReset } : {}),
    }),
  );

  // One router per resource group of the spec; each mounts its routes from the catalog.
  app.use(meetingsRoutes(kit, services.meetings));
  app.use(participantsRoutes(kit, services.participants));
  app.use(messagesRoutes(kit, services.messages));

  app.use(notFound());
  app.use(errorHandler());
  return app;
}

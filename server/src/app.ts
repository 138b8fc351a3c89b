import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { BearerVerifier, SessionReader } from './core/bearer-verifier.js';
import type { Clock } from './core/clock.js';
import type { ClusterSignals } from './core/cluster-signals.js';
import type { Config } from './core/config.js';
import type { IdGenerator } from './core/ids.js';
import { adminResolver } from './emulator/admin-auth.resolver.js';
import { emulatorRoutes } from './emulator/emulator.routes.js';
import type { FileStorage } from './files/file-storage.js';
import { callerResolvers } from './http/caller-auth.js';
import type { Metrics } from './http/metrics.js';
import { requestHandler } from './http/request-handler.js';
import { createRouteKit, type RouteKit, SERVED_CATALOG, type UpgradeHandler } from './http/route-kit.js';
import { UNSERVED_ROUTES } from './http/unserved-routes.js';
import type { JobWorker } from './jobs/job-worker.js';
import { registerSttCallbackJobs } from './jobs/stt-callback.job.js';
import { callbackUrlCheck } from './net/callback-url.js';
import type { OutboundClient } from './net/outbound-client.js';
import type { PartnerInterface } from './partner/partner.wiring.js';
import { playgroundRoutes } from './playground/playground.routes.js';
import { aiRoutes } from './routes/ai/ai.routes.js';
import { cachedDataRoutes } from './routes/cached-data/cached-data.routes.js';
import { docsRoutes } from './routes/docs/docs.routes.js';
import { docsPagesRoutes } from './routes/docs/docs-pages.routes.js';
import { filesRoutes, signedUrlResolver } from './routes/files/files.routes.js';
import { meetingsRoutes } from './routes/meetings/meetings.routes.js';
import { messagesRoutes } from './routes/messages/messages.routes.js';
import { type EngineStatusSource, opsRoutes } from './routes/ops/ops.routes.js';
import { participantsRoutes } from './routes/participants/participants.routes.js';
import { peopleRoutes } from './routes/people/people.routes.js';
import { settingsRoutes } from './routes/settings/settings.routes.js';
import { speechRoutes } from './routes/speech/speech.routes.js';
import { transcriptionRoutes } from './routes/transcription/transcription.routes.js';
import { workspaceRoutes } from './routes/workspace/workspace.routes.js';
import type { Services } from './services/services.js';
import { audioDownloads } from './services/speech/audio-downloads.js';
import type { SpeechEngines } from './services/speech/speech-engines.js';
import { createSpeechServices } from './services/speech/speech-services.js';
import type { Store } from './store/store.js';
import type { LiveSttServer } from './ws/live-stt-server.js';

// The HTTP server's listeners, assembled from injected parts: the request handler (request id, logs,
// metrics) before the route table, which holds every route of the catalog, and the WebSocket
// upgrades. It never listens (build-server.ts does), so tests run it on port 0 with an in-memory database,
// a manual clock and sequential ids.

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /**
   * The engines registry (build-server.ts: buildEngines(config)): states for /health and the engines of
   * the speech routes. A route whose engine is absent answers 503.
   */
  engines: EngineStatusSource & SpeechEngines;
  /** Client for client-supplied URLs (audio_url): net/outbound-clients.ts `clientUrls`. */
  clientUrls: OutboundClient;
  /** The speech jobs' worker (jobs/jobs.ts createSpeechJobWorker); the roots start and stop it. */
  speechJobs: JobWorker;
  services: Services;
  metrics: Metrics;
  /** Where produced files go (built once by the composition root): local directory or S3. */
  files: FileStorage;
  /** The URL clients reach this server at (known once it listens): its own audio URLs are read from disk. */
  baseUrl: () => string;
  /** OAuth access tokens (partner routes, Bearer on meeting routes): the partner interface's. */
  bearer: BearerVerifier;
  /** The session cookie of the OAuth pages: the partner interface's. */
  session: SessionReader;
  /** The partner interface (partner/partner.wiring.ts): its routes and its OAuth flow's. */
  partner: Pick<PartnerInterface, 'mount'>;
  /** The live stream's server (ws/live-stt.mount.ts), mounted as the `stt-stream` route. */
  live: Pick<LiveSttServer, 'handleUpgrade'>;
  /** The demo account's key, offered by /docs/ and /playground/ to a browser on a loopback server. */
  demoApiKey: string | undefined;
  /** Reaches every server process on the same database (emulator reset and faults). */
  signals: ClusterSignals;
  /** Runs after POST /_emulator/reset wiped the database (main.ts recreates the demo account). */
  afterReset?: () => Promise<void>;
}

/** What a node:http server needs: its 'request' and 'upgrade' listeners. */
export interface AppListeners {
  request: RequestListener;
  upgrade: UpgradeHandler;
}

/**
 * The server's own timeouts (Node's defaults leave a slow client a minute per header block and
 * five minutes per request): a client that trickles its headers or its body is cut off, and an
 * idle keep-alive connection is closed. Answers may take longer (a transcription): these bound
 * only what the client sends, and the wait for its next request.
 */
export const HTTP_TIMEOUTS = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

/** An HTTP server (not yet listening) answering with the app's listeners. */
export function createHttpServer(app: AppListeners, timeouts = HTTP_TIMEOUTS): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    app.request,
  );
  return server.on('upgrade', app.upgrade);
}

export function createApp(deps: AppDeps): AppListeners {
  const { config, store } = deps;
  const { services, metrics, files } = deps;
  const kit = createRouteKit({
    auth: {
      ...callerResolvers({
        authenticate: (credential: string) => services.accounts.authenticate(credential),
        bearer: deps.bearer,
        session: deps.session,
      }),
      admin: adminResolver(config.adminToken),
      'signed-url': signedUrlResolver(files, deps.clock),
    },
    bodyLimitBytes: config.bodyLimitBytes,
    partnerSegment: config.partnerSegment,
  });

  opsRoutes(kit, { store, clock: deps.clock, metrics, engines: deps.engines, notServed: UNSERVED_ROUTES });
  docsPagesRoutes(kit, { ...config, demoApiKey: deps.demoApiKey });
  docsRoutes(kit);
  playgroundRoutes(kit);
  filesRoutes(kit, files);
  kit.mountUpgrade('stt-stream', deps.live.handleUpgrade);
  // A reset by any process wipes the database every process reads: none may keep what it showed.
  const forgetMeetings = () => {
    services.meetingCache.dropLocal();
    services.meetings.forgetCachedJson();
  };
  deps.signals.subscribe('reset', forgetMeetings);
  deps.signals.onGap(forgetMeetings);

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
  const speech = createSpeechServices({
    engines: deps.engines,
    files,
    outbound: deps.clientUrls,
    ids: deps.ids,
    clock: deps.clock,
    baseUrl: deps.baseUrl,
    downloads: audioDownloads({
      maxBytes: config.audioMaxBytes,
      concurrency: config.audioDownloadConcurrency,
    }),
    store,
    checkCallbackUrl: callbackUrlCheck(config.allowPrivateUrls),
  });
  registerSttCallbackJobs(deps.speechJobs, { store, stt: speech.stt, outbound: deps.clientUrls });
  speechRoutes(kit, speech);
  deps.partner.mount(kit);
  emulatorRoutes(kit, {
    store,
    services,
    signals: deps.signals,
    // The wiped meetings' cached summaries, transcripts and renderings must not outlive them.
    afterReset: async () => {
      await services.meetingCache.clear();
      await deps.signals.publish('reset', '');
      await deps.afterReset?.();
    },
  });
  checkEveryRouteServed(kit);

  return {
    request: requestHandler({ logger: deps.logger, metrics, routes: kit.table }),
    upgrade: kit.upgrade,
  };
}

/** Every catalog route is mounted or named in UNSERVED_ROUTES, never both; the server's own routes are mounted. */
function checkEveryRouteServed(kit: RouteKit): void {
  const mounted = kit.mounted();
  const unserved = new Set(UNSERVED_ROUTES);
  const missing = SERVED_CATALOG.filter((r) => !mounted.has(r.name) && !unserved.has(r.name));
  const both = SERVED_CATALOG.filter((r) => mounted.has(r.name) && unserved.has(r.name));
  if (missing.length > 0)
    throw new Error(`catalog routes not mounted: ${missing.map((r) => r.name).join(', ')}`);
  if (both.length > 0) {
    throw new Error(`mounted yet listed as unserved: ${both.map((r) => r.name).join(', ')}`);
  }
}

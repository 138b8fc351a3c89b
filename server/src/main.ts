import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp, createHttpServer } from './app.js';
import { systemClock } from './core/clock.js';
import { ConfigError, loadConfig, publicUrlOf } from './core/config.js';
import { randomIds } from './core/ids.js';
import {
  DEMO_USER,
  ensureDemoAccount,
  INTEGRATION_CLIENT_ID,
  INTEGRATION_REDIRECT_URI,
} from './emulator/demo-account.js';
import { buildEngines } from './engines/registry.js';
import { openFileStorage } from './files/file-storages.js';
import { createMetrics } from './http/metrics.js';
import { createJobWorker, createSpeechJobWorker } from './jobs/jobs.js';
import { createOutboundClients } from './net/outbound-clients.js';
import { createPartnerInterface } from './partner/partner.wiring.js';
import { outboxMailTransport } from './services/mail/mail.transport.js';
import { createServices } from './services/services.js';
import { openClusterSignals } from './store/cluster-signals.js';
import { loadOrCreateSecrets } from './store/local-secrets.js';
import { openStore } from './store/store.js';
import { createLiveStt } from './ws/live-stt.mount.js';

// Start: configuration -> database (migrated) -> demo account -> app -> listen. Stop on SIGINT or
// SIGTERM: refuse new connections, let running requests finish, close the database.

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { service: 'parley-server' } });
  const { secrets, path: secretsPath } = loadOrCreateSecrets(config.dataDir);
  const generatedAdminToken = config.adminToken === undefined;
  config.adminToken ??= secrets.adminToken;
  config.filesSecret ??= secrets.filesSecret;
  const filesSecret = config.filesSecret;

  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    clock: systemClock,
    ids: randomIds,
  });
  // Emulator resets and fault switches reach the other processes on the same PostgreSQL database.
  const signals = await openClusterSignals({
    databaseUrl: config.databaseUrl,
    dialect: store.dialect,
    db: store.db,
    onError: (error) => logger.warn({ err: error }, 'cluster signals: listening connection lost'),
  });
  const outbound = createOutboundClients(config);
  const engines = await buildEngines(config, { upstreamClient: outbound.operatorUrls });
  const services = createServices({
    store,
    clock: systemClock,
    ids: randomIds,
    config,
    llm: engines.llm,
    translate: engines.translate,
    logger,
    ...outbound,
  });
  const jobs = createJobWorker({
    store,
    clock: systemClock,
    mailTransport: outboxMailTransport(store),
    logger,
    leaseMs: config.jobLeaseMs,
  });
  const speechJobs = createSpeechJobWorker({
    store,
    clock: systemClock,
    logger,
    leaseMs: config.jobLeaseMs,
  });
  const partner = createPartnerInterface({
    store,
    config,
    llm: engines.llm,
    jobs,
    clientUrls: outbound.clientUrls,
  });
  const seedDemo = () => ensureDemoAccount(store, services.accounts, secrets);
  const demoCreated = await seedDemo();

  // The URL is known once the server listens (PORT=0 picks a port); file URLs read it lazily.
  let baseUrl = config.publicUrl ?? '';
  const files = await openFileStorage(config, {
    rootDir: join(config.dataDir, 'files'),
    secret: filesSecret,
    clock: systemClock,
    baseUrl: () => baseUrl,
  });
  const live = createLiveStt({
    services,
    stt: engines.localStt,
    vad: engines.vad,
    denoise: engines.denoise,
    diarization: engines.diarization,
    logger,
    limits: {
      maxSessionsPerAccount: config.liveSttAccountSessions,
      maxSessionMs: config.liveSttMaxSessionMinutes && config.liveSttMaxSessionMinutes * 60_000,
    },
  });
  const app = createApp({
    live,
    engines,
    files,
    baseUrl: () => baseUrl,
    config,
    store,
    clock: systemClock,
    ids: randomIds,
    logger,
    services,
    metrics: createMetrics({ processMetrics: true }),
    clientUrls: outbound.clientUrls,
    speechJobs,
    bearer: partner.bearer,
    session: partner.session,
    partner,
    signals,
    demoApiKey: secrets.demoApiKey,
    afterReset: async () => {
      await seedDemo();
    },
  });
  const server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });

  const url = publicUrlOf(config, (server.address() as AddressInfo).port);
  baseUrl = url;
  // Engines load on first use unless asked for up front: a warm-up costs ~180 MB and seconds of CPU
  // that a server answering only meeting routes would pay for nothing.
  if (config.warmEngines) void engines.warmUp();
  // Delivers queued e-mail (and other outbox jobs) in the background until shutdown.
  jobs.start();
  speechJobs.start();
  logger.info(
    {
      url,
      database: store.dialect,
      files: config.s3Bucket ? `s3:${config.s3Bucket}` : 'local',
      startupMs: Math.round(performance.now()),
      // CPU time is what a busy machine cannot inflate: the start's own cost.
      startupCpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
      demoCreated,
    },
    'listening',
  );
  printBanner({
    url,
    database: store.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`,
    demoKey: secrets.demoApiKey,
    adminToken: generatedAdminToken ? secrets.adminToken : '(PARLEY_ADMIN_TOKEN)',
    clientSecret: secrets.oauthClientSecret,
    demoPassword: secrets.demoPassword,
    partnerSegment: config.partnerSegment,
    secretsPath,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Open streams get their pending finals and a close 1001 before the database goes away.
    const streamsClosed = live.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await streamsClosed;
    await Promise.all([jobs.stop(), speechJobs.stop()]);
    await signals.close();
    await store.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function printBanner(info: {
  url: string;
  database: string;
  demoKey: string;
  adminToken: string;
  clientSecret: string;
  demoPassword: string;
  partnerSegment: string;
  secretsPath: string;
}): void {
  const authorize = `${info.url}/oauth/${info.partnerSegment}/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: INTEGRATION_CLIENT_ID,
    redirect_uri: INTEGRATION_REDIRECT_URI,
    state: 'try-it',
  })}`;
  const lines = [
    '',
    `Parley reference server: ${info.url}`,
    `  API docs       ${info.url}/docs/`,
    `  playground     ${info.url}/playground/`,
    `  health         ${info.url}/health`,
    `  database       ${info.database}`,
    `  demo user      ${DEMO_USER.email} (${DEMO_USER.id})`,
    `  demo API key   ${info.demoKey}`,
    `  demo password  ${info.demoPassword}   (sign-in page of the partner OAuth provider)`,
    `  admin token    ${info.adminToken}   (Authorization: Bearer … on /_emulator/*)`,
    `  OAuth client   ${INTEGRATION_CLIENT_ID} / ${info.clientSecret}`,
    `  authorize URL  ${authorize}`,
    `  secrets kept in ${info.secretsPath}; they stay valid across restarts`,
    '',
    `  curl -s -X POST ${info.url}/v1/get-meetings -H 'X-API-Key: ${info.demoKey}'`,
    '',
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Parley server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

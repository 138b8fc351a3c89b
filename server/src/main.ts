import { pino } from 'pino';
import { buildServer } from './build-server.js';
import { ConfigError, loadConfig } from './core/config.js';
import { checkDataDir, checkFfmpegPath, listenFailure, StartupError } from './core/startup-failure.js';
import {
  DEMO_USER,
  ensureDemoAccount,
  INTEGRATION_CLIENT_ID,
  INTEGRATION_REDIRECT_URI,
} from './emulator/demo-account.js';
import { loadOrCreateSecrets } from './store/local-secrets.js';

// Start: configuration and kept secrets -> buildServer (build-server.ts) -> demo account -> listen. Stop on SIGINT or
// SIGTERM: refuse new connections, let running requests finish, close the database.

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  checkDataDir(config.dataDir);
  checkFfmpegPath(config.ffmpegPath);
  const logger = pino({ level: config.logLevel, base: { service: 'parley-server' } });
  const { secrets, path: secretsPath } = loadOrCreateSecrets(config.dataDir);
  const generatedAdminToken = config.adminToken === undefined;
  config.adminToken ??= secrets.adminToken;
  config.filesSecret ??= secrets.filesSecret;

  const seedDemo = () => ensureDemoAccount(server.store, server.services.accounts, secrets);
  const server = await buildServer(config, {
    logger,
    demoApiKey: secrets.demoApiKey,
    afterReset: async () => {
      await seedDemo();
    },
  });
  const { store, engines, jobs, speechJobs } = server;
  const demoCreated = await seedDemo();
  const url = await server.listen(config.port, config.host).catch((error: unknown) => {
    throw listenFailure(config.port, config.host, error);
  });
  // Engines load on first use unless asked for up front: a warm-up costs ~180 MB and seconds of CPU
  // that a server answering only meeting routes would pay for nothing.
  if (config.warmEngines) void engines.warmUp();
  // Delivers queued e-mail (and other outbox jobs) in the background until shutdown.
  jobs.start();
  // Transcribes stt requests that carry a callback_url, apart so a long clip never holds up mail.
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
    const force = setTimeout(() => server.http.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Running requests finish; open streams get their finals and a close 1001.
    await server.close();
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
  // A setting to change: its one sentence names it (core/startup-failure.ts).
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  // Anything else is a fault of the server: its message, and where it happened at LOG_LEVEL=debug.
  const where = error instanceof Error && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '');
  const text =
    error instanceof Error ? (where ? (error.stack ?? error.message) : error.message) : String(error);
  process.stderr.write(`Parley server failed to start: ${text}\n`);
  process.exit(1);
});

import { fileURLToPath } from 'node:url';
import { validate } from '@parley/schemas';
import type { ServerConfig } from '@parley/schemas/types';
import {
  DEFAULT_PARTNER_SEGMENT,
  DEFAULT_WORKSPACE_SEGMENT,
  OAUTH_REFRESH_GRACE_SECONDS,
} from './contracts.js';

// Environment -> configuration, validated against schemas/json/server-config.schema.json. This is
// the one place for the server's defaults; nothing else reads process.env.

export type Config = ServerConfig;
type Env = Record<string, string | undefined>;

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const CONFIG_DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: `${REPO_ROOT}.data`,
  partnerSegment: DEFAULT_PARTNER_SEGMENT,
  workspaceSegment: DEFAULT_WORKSPACE_SEGMENT,
  logLevel: 'info',
  allowPrivateUrls: false,
  warmEngines: false,
  bodyLimitBytes: 1024 * 1024,
  maxRecordingMinutes: 120,
  workspaceApiUrl: 'https://api.notion.com',
  // A Notion API version whose page-creation body (parent page_id, title property, children) is stable.
  workspaceApiVersion: '2022-06-28',
  workspaceTimeoutMs: 30_000,
  jobLeaseMs: 5 * 60_000,
  outboxKeepDoneMs: 7 * 24 * 60 * 60_000,
  // Generous: a polling platform makes a few requests a minute per trigger.
  partnerRateLimit: 600,
  oauthRefreshGraceSeconds: OAUTH_REFRESH_GRACE_SECONDS,
  audioMaxBytes: 64 * 1024 * 1024,
  audioDownloadConcurrency: 4,
  // Only read when PARLEY_S3_BUCKET is set; the region most S3-compatible services accept.
  s3Region: 'us-east-1',
  s3ForcePathStyle: false,
  // A PostgreSQL that accepts connections and never answers must end a start (or a request) within
  // seconds, not hang it: 10 s covers a TLS handshake to a distant server on a busy machine.
  databaseConnectTimeoutMs: 10_000,
  // Longer than any query of the service takes (the slowest, a full-text search of a large account,
  // runs in milliseconds); a statement past it is stuck behind a lock or a lost connection.
  databaseStatementTimeoutMs: 30_000,
} as const;

/** Which environment variable sets each top-level field (also used in error messages). */
const ENV_NAMES: Record<string, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'PARLEY_DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  adminToken: 'PARLEY_ADMIN_TOKEN',
  publicUrl: 'PARLEY_PUBLIC_URL',
  meetingUrlTemplate: 'PARLEY_MEETING_URL_TEMPLATE',
  partnerSegment: 'PARLEY_PARTNER_SEGMENT',
  workspaceSegment: 'PARLEY_WORKSPACE_SEGMENT',
  logLevel: 'LOG_LEVEL',
  allowPrivateUrls: 'PARLEY_ALLOW_PRIVATE_URLS',
  warmEngines: 'PARLEY_WARM_ENGINES',
  bodyLimitBytes: 'PARLEY_BODY_LIMIT_BYTES',
  filesSecret: 'PARLEY_FILES_SECRET',
  denoiseDefaultAttenDb: 'PARLEY_DENOISE_DEFAULT_ATTEN_DB',
  upstreamTimeoutMs: 'PARLEY_UPSTREAM_TIMEOUT_MS',
  ffmpegPath: 'FFMPEG_PATH',
  maxRecordingMinutes: 'PARLEY_MAX_RECORDING_MINUTES',
  workspaceApiUrl: 'PARLEY_WORKSPACE_API_URL',
  workspaceApiVersion: 'PARLEY_WORKSPACE_API_VERSION',
  workspaceTimeoutMs: 'PARLEY_WORKSPACE_TIMEOUT_MS',
  jobLeaseMs: 'PARLEY_JOB_LEASE_MS',
  outboxKeepDoneMs: 'PARLEY_OUTBOX_KEEP_DONE_MS',
  partnerRateLimit: 'PARLEY_PARTNER_RATE_LIMIT',
  oauthRefreshGraceSeconds: 'PARLEY_OAUTH_REFRESH_GRACE_SECONDS',
  audioMaxBytes: 'PARLEY_AUDIO_MAX_BYTES',
  audioDownloadConcurrency: 'PARLEY_AUDIO_DOWNLOADS',
  liveSttAccountSessions: 'PARLEY_LIVE_STT_ACCOUNT_SESSIONS',
  liveSttMaxSessionMinutes: 'PARLEY_LIVE_STT_MAX_SESSION_MINUTES',
  s3Bucket: 'PARLEY_S3_BUCKET',
  s3Endpoint: 'PARLEY_S3_ENDPOINT',
  s3Region: 'PARLEY_S3_REGION',
  s3AccessKeyId: 'PARLEY_S3_ACCESS_KEY_ID',
  s3SecretAccessKey: 'PARLEY_S3_SECRET_ACCESS_KEY',
  s3ForcePathStyle: 'PARLEY_S3_FORCE_PATH_STYLE',
  databaseConnectTimeoutMs: 'PARLEY_DB_CONNECT_TIMEOUT_MS',
  databaseStatementTimeoutMs: 'PARLEY_DB_STATEMENT_TIMEOUT_MS',
};

const UPSTREAM_ENGINES = ['stt', 'tts', 'translate', 'llm'] as const;
const UPSTREAM_FIELDS = {
  url: 'URL',
  apiKey: 'API_KEY',
  model: 'MODEL',
  voice: 'VOICE',
  kind: 'KIND',
} as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration from `env`; throws ConfigError naming each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const pick = (field: string): string | undefined => {
    const value = env[ENV_NAMES[field] ?? field]?.trim();
    return value === '' ? undefined : value;
  };
  const raw: Record<string, unknown> = {
    port: integer(pick('port')) ?? CONFIG_DEFAULTS.port,
    host: pick('host') ?? CONFIG_DEFAULTS.host,
    dataDir: pick('dataDir') ?? CONFIG_DEFAULTS.dataDir,
    databaseUrl: pick('databaseUrl'),
    databaseConnectTimeoutMs:
      integer(pick('databaseConnectTimeoutMs')) ?? CONFIG_DEFAULTS.databaseConnectTimeoutMs,
    databaseStatementTimeoutMs:
      integer(pick('databaseStatementTimeoutMs')) ?? CONFIG_DEFAULTS.databaseStatementTimeoutMs,
    adminToken: pick('adminToken'),
    publicUrl: pick('publicUrl')?.replace(/\/+$/, ''),
    meetingUrlTemplate: pick('meetingUrlTemplate'),
    partnerSegment: pick('partnerSegment') ?? CONFIG_DEFAULTS.partnerSegment,
    workspaceSegment: pick('workspaceSegment') ?? CONFIG_DEFAULTS.workspaceSegment,
    logLevel: pick('logLevel') ?? CONFIG_DEFAULTS.logLevel,
    allowPrivateUrls: boolean(pick('allowPrivateUrls')) ?? CONFIG_DEFAULTS.allowPrivateUrls,
    warmEngines: boolean(pick('warmEngines')) ?? CONFIG_DEFAULTS.warmEngines,
    bodyLimitBytes: integer(pick('bodyLimitBytes')) ?? CONFIG_DEFAULTS.bodyLimitBytes,
    filesSecret: pick('filesSecret'),
    denoiseDefaultAttenDb: decimal(pick('denoiseDefaultAttenDb')),
    upstreamTimeoutMs: integer(pick('upstreamTimeoutMs')),
    ffmpegPath: pick('ffmpegPath'),
    maxRecordingMinutes: integer(pick('maxRecordingMinutes')) ?? CONFIG_DEFAULTS.maxRecordingMinutes,
    workspaceApiUrl: pick('workspaceApiUrl')?.replace(/\/+$/, '') ?? CONFIG_DEFAULTS.workspaceApiUrl,
    workspaceApiVersion: pick('workspaceApiVersion') ?? CONFIG_DEFAULTS.workspaceApiVersion,
    workspaceTimeoutMs: integer(pick('workspaceTimeoutMs')) ?? CONFIG_DEFAULTS.workspaceTimeoutMs,
    jobLeaseMs: integer(pick('jobLeaseMs')) ?? CONFIG_DEFAULTS.jobLeaseMs,
    outboxKeepDoneMs: integer(pick('outboxKeepDoneMs')) ?? CONFIG_DEFAULTS.outboxKeepDoneMs,
    partnerRateLimit: integer(pick('partnerRateLimit')) ?? CONFIG_DEFAULTS.partnerRateLimit,
    oauthRefreshGraceSeconds:
      integer(pick('oauthRefreshGraceSeconds')) ?? CONFIG_DEFAULTS.oauthRefreshGraceSeconds,
    audioMaxBytes: integer(pick('audioMaxBytes')) ?? CONFIG_DEFAULTS.audioMaxBytes,
    audioDownloadConcurrency:
      integer(pick('audioDownloadConcurrency')) ?? CONFIG_DEFAULTS.audioDownloadConcurrency,
    // Defaults in engines/stt/live-stt.limits.ts, which knows the process's session count.
    liveSttAccountSessions: integer(pick('liveSttAccountSessions')),
    liveSttMaxSessionMinutes: integer(pick('liveSttMaxSessionMinutes')),
    upstream: upstreamFrom(env),
    ...s3From(pick),
  };
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];

  const result = validate<Config>('server-config', raw, { locPrefix: [] });
  if (result.ok) return result.value;
  const problems = result.detail.map((d) => `${envNameOf(d.loc)}: ${d.msg}`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** The object storage fields, only when a bucket is named (the data directory is used otherwise). */
function s3From(pick: (field: string) => string | undefined): Record<string, unknown> {
  const bucket = pick('s3Bucket');
  if (bucket === undefined) return {};
  return {
    s3Bucket: bucket,
    s3Endpoint: pick('s3Endpoint')?.replace(/\/+$/, ''),
    s3Region: pick('s3Region') ?? CONFIG_DEFAULTS.s3Region,
    s3AccessKeyId: pick('s3AccessKeyId'),
    s3SecretAccessKey: pick('s3SecretAccessKey'),
    s3ForcePathStyle: boolean(pick('s3ForcePathStyle')) ?? CONFIG_DEFAULTS.s3ForcePathStyle,
  };
}

/** PARLEY_<ENGINE>_<FIELD> for each upstream engine that has a URL or any other field set. */
function upstreamFrom(env: Env): Record<string, Record<string, string>> {
  const upstream: Record<string, Record<string, string>> = {};
  for (const engine of UPSTREAM_ENGINES) {
    const entry: Record<string, string> = {};
    for (const [field, suffix] of Object.entries(UPSTREAM_FIELDS)) {
      const value = env[`PARLEY_${engine.toUpperCase()}_${suffix}`]?.trim();
      if (value) entry[field] = value;
    }
    if (Object.keys(entry).length > 0) upstream[engine] = entry;
  }
  return upstream;
}

function envNameOf(loc: readonly (string | number)[]): string {
  const [first, engine, field] = loc.map(String);
  if (first === 'upstream' && engine) {
    const suffix = field ? UPSTREAM_FIELDS[field as keyof typeof UPSTREAM_FIELDS] : undefined;
    return `PARLEY_${engine.toUpperCase()}_${suffix ?? 'URL'}`;
  }
  return (first && ENV_NAMES[first]) ?? loc.join('.');
}

// Text that is not a number or boolean is passed through unchanged, so the schema reports it.
function integer(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  return /^\d+$/.test(text) ? Number(text) : text;
}

function decimal(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

function boolean(text: string | undefined): boolean | string | undefined {
  if (text === undefined) return undefined;
  const lower = text.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  return text;
}

/** The URL clients reach the server at: PARLEY_PUBLIC_URL, else the listening address. */
export function publicUrlOf(config: Config, port: number): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

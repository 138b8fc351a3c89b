import { ProtoMessages } from '@parley/schemas/constants';
import { type ProfileName, profileName } from './profiles.js';
import { wsBase } from './stream-url.js';

// Every setting a script takes, read from k6's __ENV (or process.env in the probe) in one place.

export interface LoadEnv {
  baseUrl: string;
  wsUrl: string;
  apiKey: string;
  partnerToken: string;
  profile: ProfileName;
  /** Path under fixtures/audio/ of the audio to stream or upload. */
  fixture: string;
  format: 'json' | 'protobuf';
  /** The average profile's level: VUs for streams, requests per second for the others. */
  vus: number;
  rate: number;
  runId: string;
  /** Public URL of an audio file for file STT and denoise (the server downloads it). */
  audioUrl: string;
  partnerSegment: string;
  /**
   * The deployment's own .proto files (PROTO_FILE, comma-separated, as the kit's --proto), absolute;
   * empty: Parley's schemas/proto. The spec shows no protobuf layout.
   */
  protoFiles: string[];
  /** The live stream's message in them (PROTO_STREAM_MESSAGE, as the kit's --proto-stream-message). */
  protoStreamMessage: string;
}

function number(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number; got ${raw}`);
  return value;
}

/**
 * PROTO_FILE's paths made absolute against PWD: k6 resolves a relative path from the script's own
 * folder (load/dist/), not from where the user typed it.
 */
export function protoPaths(raw: string | undefined, pwd: string | undefined): string[] {
  const paths = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return paths.map((path) => {
    if (path.startsWith('/') || path.startsWith('file://') || /^[A-Za-z]:[\\/]/.test(path)) return path;
    if (!pwd) throw new Error(`PROTO_FILE ${path} is relative and PWD is not set: give an absolute path`);
    return `${pwd.replace(/\/+$/, '')}/${path.replace(/^\.\//, '')}`;
  });
}

export function loadEnv(env: Record<string, string | undefined>): LoadEnv {
  const baseUrl = (env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const format = env.FORMAT || 'json';
  if (format !== 'json' && format !== 'protobuf')
    throw new Error(`FORMAT must be json or protobuf; got ${format}`);
  return {
    baseUrl,
    wsUrl: wsBase(baseUrl, env.WS_URL),
    apiKey: env.API_KEY ?? '',
    partnerToken: env.PARTNER_TOKEN ?? '',
    profile: profileName(env.PROFILE),
    fixture: env.FIXTURE || 'en/rms-01.wav',
    format,
    vus: number(env, 'VUS', 10),
    rate: number(env, 'RATE', 5),
    runId: env.RUN_ID || `load-${Date.now().toString(36)}`,
    audioUrl: env.AUDIO_URL ?? '',
    partnerSegment: env.PARTNER_SEGMENT || 'partner',
    protoFiles: protoPaths(env.PROTO_FILE, env.PWD),
    protoStreamMessage: env.PROTO_STREAM_MESSAGE || ProtoMessages.stream,
  };
}

/** Throws a clear error naming the settings a script needs but did not get. */
export function requireEnv(env: LoadEnv, names: ('apiKey' | 'partnerToken' | 'audioUrl')[]): void {
  const label = { apiKey: 'API_KEY', partnerToken: 'PARTNER_TOKEN', audioUrl: 'AUDIO_URL' };
  const missing = names.filter((n) => !env[n]).map((n) => label[n]);
  if (missing.length > 0) throw new Error(`set ${missing.join(', ')} (see load/README.md)`);
}

import { validate } from '@parley/schemas';
import type { StreamConfig } from '@parley/schemas/types';
import { ErrorText, RequestLimits } from '../core/contracts.js';
import { nestingOver } from '../core/json-depth.js';
import type { LiveSessionInfo, StreamFormat } from '../engines/stt/live-stt.contract.js';
import { keepContextKeywords, keepLanguageHints } from '../engines/stt/recognition-hints.js';
import { StreamFailure } from './stream-failure.js';

// The session's settings from its two sources: the query string of the upgrade request and the
// config frame. The config wins where it has a field, then the query, then the spec's default.

export interface StreamQuery {
  format: StreamFormat;
  reduceNoise: boolean;
  /** Undefined when the query has none (the config or automatic detection decides). */
  languageHints: string[] | undefined;
  enableDiarization: boolean | undefined;
}

export type SessionSettings = Omit<LiveSessionInfo, 'caller' | 'startedAtMicros'>;

/**
 * The format is read first and on its own: every later error frame is sent in it. Anything but
 * `json` (or nothing, or an explicit protobuf name) is refused, and that refusal goes out as JSON.
 */
export function formatOf(query: URLSearchParams): StreamFormat | undefined {
  const format = query.get('format')?.trim().toLowerCase();
  if (format === 'json') return 'json';
  if (format === undefined || format === '' || format === 'protobuf' || format === 'proto') return 'protobuf';
  return undefined;
}

export function parseStreamQuery(query: URLSearchParams): StreamQuery {
  const format = formatOf(query);
  if (!format) {
    throw new StreamFailure(
      'VALIDATION_ERROR',
      `format must be "json" or omitted (protobuf), not "${query.get('format')}"`,
    );
  }
  const hints = query.getAll('language_hints');
  return {
    format,
    reduceNoise: flag(query, 'reduce_noise') ?? false,
    languageHints: hints.length ? keepLanguageHints(hints) : undefined,
    enableDiarization: flag(query, 'enable_diarization'),
  };
}

function flag(query: URLSearchParams, name: string): boolean | undefined {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new StreamFailure('VALIDATION_ERROR', `${name} must be "true" or "false", not "${raw}"`);
}

/** Parses and validates the config frame (schema stream-config, defaults applied). */
export function readConfigFrame(text: string): StreamConfig {
  if (nestingOver(text, RequestLimits.jsonDepth)) {
    throw new StreamFailure(
      'BAD_REQUEST',
      `The config frame nests deeper than ${RequestLimits.jsonDepth} levels`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new StreamFailure(
      'BAD_REQUEST',
      `${ErrorText.invalidJson}: the first frame must be the JSON config`,
    );
  }
  const result = validate<StreamConfig>('stream-config', data, { locPrefix: [] });
  if (result.ok) return result.value;
  const problems = result.detail.map((d) => (d.loc.length ? `${d.loc.join('.')}: ${d.msg}` : d.msg));
  throw new StreamFailure('VALIDATION_ERROR', `Invalid config: ${problems.join('; ')}`);
}

export function sessionSettings(
  query: StreamQuery,
  config: StreamConfig,
  newSessionId: () => string,
): SessionSettings {
  return {
    sessionId: config.session_id ?? newSessionId(),
    ...(config.meeting_id !== undefined ? { meetingId: config.meeting_id } : {}),
    format: query.format,
    encoding: config.encoding ?? 'pcm16',
    reduceNoise: query.reduceNoise,
    languageHints:
      config.language_hints !== undefined
        ? keepLanguageHints(config.language_hints)
        : (query.languageHints ?? []),
    contextKeywords: keepContextKeywords(config.context_keywords),
    enableDiarization: config.enable_diarization ?? query.enableDiarization ?? true,
  };
}

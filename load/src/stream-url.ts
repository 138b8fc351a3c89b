import { LIVE_STT_PATH } from '@parley/schemas/routes';

// The live STT URL a client connects to: the spec's query parameters, the key as `api_key`.

export interface StreamQuery {
  apiKey: string;
  /** `json` for JSON text frames; `protobuf` omits `format`, which the spec makes binary frames. */
  format: 'json' | 'protobuf';
  reduceNoise?: boolean;
  languageHints?: string;
  enableDiarization?: boolean;
}

/** `WS_URL` when given, else BASE_URL with its scheme swapped (http→ws, https→wss). */
export function wsBase(baseUrl: string, wsUrl?: string): string {
  return (wsUrl || baseUrl.replace(/^http/, 'ws')).replace(/\/+$/, '');
}

export function streamUrl(base: string, query: StreamQuery): string {
  const params = [`api_key=${encodeURIComponent(query.apiKey)}`];
  if (query.format === 'json') params.push('format=json');
  if (query.reduceNoise) params.push('reduce_noise=true');
  if (query.languageHints) params.push(`language_hints=${encodeURIComponent(query.languageHints)}`);
  if (query.enableDiarization === false) params.push('enable_diarization=false');
  return `${base}${LIVE_STT_PATH}?${params.join('&')}`;
}

import { randomUUID } from 'node:crypto';
import type { OutboundClient } from '../../net/outbound-client.js';
import { concatPcm, STT_SAMPLE_RATE } from '../audio/pcm.js';
import { encodeWav } from '../audio/wav.js';
import { EngineFailedError, type EngineStatus, EngineUnavailableError } from '../engine.js';
import { resolveLanguage } from '../translate/language-names.js';
import { upstreamErrorText } from '../upstream-error-text.js';
import {
  primaryLanguage,
  resultOf,
  type SttEngine,
  type SttOptions,
  type SttResult,
  type SttSegment,
  type SttStream,
  type SttWord,
} from './stt.engine.js';

// Upstream speech-to-text over the OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI,
// whisper.cpp server, faster-whisper servers, vLLM ...), verbose_json with segment and word times.
// One hint is sent as `language`; several are left to the upstream's detection. Context keywords
// go in `prompt`, which Whisper-family models use as vocabulary bias.

export interface OpenAiSttOptions {
  /** Base URL up to and excluding `/v1`, e.g. `https://api.openai.com`. */
  baseUrl: string;
  apiKey?: string;
  /** Default `whisper-1`. */
  model?: string;
  client: OutboundClient;
  timeoutMs?: number;
}

interface VerboseJson {
  text?: string;
  language?: string;
  segments?: {
    start?: number;
    end?: number;
    text?: string;
    avg_logprob?: number;
    no_speech_prob?: number;
    speaker?: string | number;
  }[];
  words?: { word?: string; start?: number; end?: number; probability?: number }[];
}

export class OpenAiSttEngine implements SttEngine {
  readonly languages = 'any' as const;
  readonly wholeFile = true;
  readonly streaming = false;
  private readonly model: string;

  constructor(private readonly options: OpenAiSttOptions) {
    this.model = options.model ?? 'whisper-1';
  }

  status(): EngineStatus {
    return {
      engine: 'stt',
      adapter: 'openai-compatible',
      available: true,
      detail: `${this.options.baseUrl} model ${this.model}; finals only when streaming`,
    };
  }

  async transcribe(pcm16k: Int16Array, options: SttOptions = {}): Promise<SttResult> {
    const hints = options.languageHints ?? [];
    const fields: Record<string, string> = { model: this.model, response_format: 'verbose_json' };
    if (hints.length === 1 && hints[0]) fields.language = primaryLanguage(hints[0]);
    if (options.contextKeywords?.length) fields.prompt = options.contextKeywords.join(', ');
    const { body, contentType } = multipart(fields, ['segment', 'word'], encodeWav(pcm16k, STT_SAMPLE_RATE));
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/v1/audio/transcriptions`;
    const res = await this.options.client.request({
      url,
      method: 'POST',
      headers: {
        'content-type': contentType,
        accept: 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body,
      timeoutMs: this.options.timeoutMs ?? 600_000,
      signal: options.signal,
    });
    if (res.status < 200 || res.status > 299) {
      throw new EngineFailedError(
        'stt',
        `upstream answered HTTP ${res.status}: ${upstreamErrorText(res.body)}`,
      );
    }
    let json: VerboseJson;
    try {
      json = JSON.parse(res.body.toString('utf8')) as VerboseJson;
    } catch (error) {
      throw new EngineFailedError('stt', 'upstream answered with invalid JSON', { cause: error });
    }
    return toResult(json, hints, pcm16k.length / STT_SAMPLE_RATE);
  }

  /** One request per clip; the upstream sets its own concurrency limits, so they go one at a time. */
  async transcribeMany(clips: readonly Int16Array[], options: SttOptions = {}): Promise<SttResult[]> {
    const results: SttResult[] = [];
    for (const clip of clips) results.push(await this.transcribe(clip, options));
    return results;
  }

  /** The upstream API is batch-only: audio is buffered per utterance and sent at finalize. */
  async openStream(options: SttOptions = {}): Promise<SttStream> {
    let parts: Int16Array[] = [];
    let written = 0;
    let utteranceStart = 0;
    let closed = false;
    return {
      write: async (pcm) => {
        if (closed) throw new EngineUnavailableError('stt', 'stream closed');
        if (parts.length === 0) utteranceStart = written;
        parts.push(pcm);
        written += pcm.length;
      },
      partial: async () => '',
      finalize: async () => {
        const audio = concatPcm(parts);
        parts = [];
        if (audio.length === 0) return resultOf([], 'en', options.languageHints);
        const result = await this.transcribe(audio, options);
        const shift = (utteranceStart * 1000) / STT_SAMPLE_RATE;
        return { ...result, segments: result.segments.map((s) => shiftSegment(s, shift)) };
      },
      close: async () => {
        closed = true;
        parts = [];
      },
    };
  }
}

function toResult(json: VerboseJson, hints: readonly string[], clipSeconds: number): SttResult {
  const toMs = msPerUnit(json, clipSeconds);
  const words: SttWord[] = (json.words ?? []).map((w) => ({
    text: (w.word ?? '').trim(),
    startMs: Math.round((w.start ?? 0) * toMs),
    endMs: Math.round((w.end ?? 0) * toMs),
    confidence: clamp01(w.probability ?? 1),
  }));
  const raw = json.segments?.length
    ? json.segments
    : [{ start: 0, end: (words.at(-1)?.endMs ?? 0) / toMs, text: json.text ?? '', avg_logprob: 0 }];
  const segments: SttSegment[] = raw.map((s) => {
    const startMs = Math.round((s.start ?? 0) * toMs);
    const endMs = Math.round((s.end ?? 0) * toMs);
    const inside = words.filter((w) => w.startMs >= startMs && w.startMs < endMs);
    return {
      text: (s.text ?? '').trim(),
      startMs,
      endMs,
      // exp(mean token log-probability): the usual confidence proxy for Whisper-family output.
      confidence: clamp01(Math.exp(s.avg_logprob ?? 0)),
      ...(inside.length ? { words: inside } : {}),
      ...(s.speaker !== undefined ? { speaker: String(s.speaker) } : {}),
    };
  });
  const language =
    (json.language ? resolveLanguage(json.language) : undefined) ??
    (hints[0] ? primaryLanguage(hints[0]) : 'und');
  return resultOf(segments, language, hints);
}

/**
 * Milliseconds per unit of the answer's times: seconds as OpenAI's API says (1000), except LocalAI,
 * which writes Go time.Durations, i.e. nanoseconds (1e-6). No time in seconds can lie a thousand
 * clip lengths past the clip's end, so such a time means nanoseconds.
 */
function msPerUnit(json: VerboseJson, clipSeconds: number): number {
  const ends = [...(json.segments ?? []), ...(json.words ?? [])].map((t) => t.end ?? 0);
  return Math.max(0, ...ends) > Math.max(clipSeconds, 1) * 1000 ? 1e-6 : 1000;
}

function shiftSegment(s: SttSegment, ms: number): SttSegment {
  const words = s.words?.map((w) => ({ ...w, startMs: w.startMs + ms, endMs: w.endMs + ms }));
  return { ...s, startMs: s.startMs + ms, endMs: s.endMs + ms, ...(words ? { words } : {}) };
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

function multipart(
  fields: Record<string, string>,
  granularities: string[],
  wav: Buffer,
): { body: Buffer; contentType: string } {
  const boundary = `----parley${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, value] of Object.entries(fields)) field(name, value);
  for (const g of granularities) field('timestamp_granularities[]', g);
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="audio.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    wav,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

import type { OutboundClient } from '../../net/outbound-client.js';
import { OutboundError } from '../../net/outbound-errors.js';
import { EngineFailedError, type EngineKind } from '../engine.js';
import { bodyExcerpt, upstreamErrorText } from '../upstream-error-text.js';

// The two OpenAI-compatible calls the upstream adapters make (chat completions for translation and
// meeting AI, /audio/speech for TTS), through the server's one outbound client. Every failure — no
// answer, timeout, non-2xx, unreadable body — becomes EngineFailedError naming the engine, so the
// HTTP layer answers 502 and the upstream's message reaches the log, not the client.

export interface OpenAiCompatibleOptions {
  /**
   * The server's URL, with or without the version segment: `https://api.openai.com` and
   * `https://api.openai.com/v1` both work (`/v1` is added when missing), so one PARLEY_*_URL
   * convention serves every upstream engine.
   */
  baseUrl: string;
  apiKey?: string;
  outbound: OutboundClient;
  timeoutMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  /** Ask for a JSON object answer (`response_format: {type: 'json_object'}`). */
  json?: boolean;
}

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format: 'opus' | 'mp3' | 'aac' | 'flac' | 'wav' | 'pcm';
}

export interface OpenAiCompatibleClient {
  readonly baseUrl: string;
  chat(engine: EngineKind, request: ChatRequest): Promise<string>;
  speech(request: SpeechRequest): Promise<Buffer>;
}

const DEFAULT_TIMEOUT_MS = 120_000;

export function createOpenAiCompatibleClient(options: OpenAiCompatibleOptions): OpenAiCompatibleClient {
  const root = options.baseUrl.replace(/\/+$/, '');
  const baseUrl = /\/v1$/.test(root) ? root : `${root}/v1`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const post = async (engine: EngineKind, path: string, body: unknown): Promise<Buffer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let res: Awaited<ReturnType<OutboundClient['request']>>;
    try {
      res = await options.outbound.request({
        url: `${baseUrl}${path}`,
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        timeoutMs,
      });
    } catch (error) {
      const detail = error instanceof OutboundError ? error.message : String(error);
      throw new EngineFailedError(engine, `upstream ${path} unreachable: ${detail}`, { cause: error });
    }
    if (res.status < 200 || res.status > 299) {
      throw new EngineFailedError(
        engine,
        `upstream ${path} answered HTTP ${res.status}: ${upstreamErrorText(res.body)}`,
      );
    }
    return res.body;
  };

  return {
    baseUrl,
    async chat(engine, request) {
      const body = {
        model: request.model,
        messages: request.messages,
        temperature: request.temperature ?? 0.2,
        ...(request.json ? { response_format: { type: 'json_object' } } : {}),
      };
      const raw = await post(engine, '/chat/completions', body);
      const content = parseJson(raw)?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') {
        throw new EngineFailedError(
          engine,
          `upstream /chat/completions returned no message: ${bodyExcerpt(raw)}`,
        );
      }
      // Reasoning models served raw (Ollama's deepseek-r1 without `think`, llama.cpp with
      // --reasoning-format none) put their chain of thought first, inside <think>…</think>; the
      // answer is what follows it. vLLM's reasoning parser moves it to `reasoning_content` instead.
      return content.replace(/^\s*<think>[\s\S]*?<\/think>\s*/, '');
    },
    speech(request) {
      return post('tts', '/audio/speech', request);
    },
  };
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
}

function parseJson(raw: Buffer): ChatCompletion | undefined {
  try {
    return JSON.parse(raw.toString('utf8')) as ChatCompletion;
  } catch {
    return undefined;
  }
}

import type { RecordedAnswer, RecordedError } from '../upstream-recording.js';

// Answers of real chat servers to POST /v1/chat/completions, each built field for field as its
// source does, all carrying the same reply `content`:
// - ollama: openai/openai.go, ChatCompletion (system_fingerprint "fp_ollama").
// - vllm: entrypoints/openai/protocol.py, ChatCompletionResponse with a reasoning parser on
//   (the chain of thought in reasoning_content, logprobs, stop_reason, prompt_logprobs).
// - llama.cpp's llama-server with --reasoning-format none: the thought stays in content as
//   <think>…</think>, plus its timings object.
// - localai: core/schema/openai.go, OpenAIResponse.
// Errors: Ollama's NewError ({"error": {"message", "type": "not_found_error", ...}}), llama-server's
// {"error": {"code", "message", "type"}}, vLLM ≥ 0.10 {"error": {...}} and before it the flat
// {"object": "error", "message", ...}.

export function chatAnswers(content: string): RecordedAnswer[] {
  const usage = { prompt_tokens: 212, completion_tokens: 31, total_tokens: 243 };
  return [
    {
      server: 'ollama',
      status: 200,
      body: {
        id: 'chatcmpl-731',
        object: 'chat.completion',
        created: 1764120000,
        model: 'llama3.1',
        system_fingerprint: 'fp_ollama',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      },
    },
    {
      server: 'vllm',
      status: 200,
      body: {
        id: 'chatcmpl-8f2c1e0a9b6d4c39a1f0e2d3c4b5a697',
        object: 'chat.completion',
        created: 1764120000,
        model: 'Qwen/Qwen3-8B',
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              reasoning_content: 'The user wants the strings translated, same order.',
              content,
              tool_calls: [],
            },
            logprobs: null,
            finish_reason: 'stop',
            stop_reason: null,
          },
        ],
        usage: { ...usage, prompt_tokens_details: null },
        prompt_logprobs: null,
        kv_transfer_params: null,
      },
    },
    {
      server: 'llama.cpp',
      status: 200,
      body: {
        choices: [
          {
            finish_reason: 'stop',
            index: 0,
            message: {
              role: 'assistant',
              content: `<think>\nTwo strings, French, keep the order.\n</think>\n\n${content}`,
            },
          },
        ],
        created: 1764120000,
        model: 'DeepSeek-R1-Distill-Qwen-7B-Q4_K_M.gguf',
        system_fingerprint: 'b6130-7f8a3d2c',
        object: 'chat.completion',
        usage,
        id: 'chatcmpl-Xq2bH9rT0vYk3LmN8pQw',
        timings: { prompt_n: 212, prompt_ms: 812.4, predicted_n: 31, predicted_ms: 1540.2 },
      },
    },
    {
      server: 'localai',
      status: 200,
      body: {
        created: 1764120000,
        object: 'chat.completion',
        id: '0b1e5c3a-4d2f-4e8a-9c7b-6a5d4e3f2a1b',
        model: 'llama-3.2-3b-instruct:q4_k_m',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage,
      },
    },
  ];
}

export const CHAT_ERRORS: RecordedError[] = [
  {
    server: 'ollama',
    status: 404,
    body: {
      error: {
        message: 'model "llama3.1" not found, try pulling it first',
        type: 'not_found_error',
        param: null,
        code: null,
      },
    },
    message: 'model "llama3.1" not found, try pulling it first',
  },
  {
    server: 'llama.cpp',
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
      },
    },
    message: 'the request exceeds the available context size, try increasing it',
  },
  {
    server: 'vllm',
    status: 404,
    body: {
      error: {
        message: 'The model `gpt-4o-mini` does not exist.',
        type: 'NotFoundError',
        param: 'model',
        code: 404,
      },
    },
    message: 'The model `gpt-4o-mini` does not exist.',
  },
  {
    server: 'vllm<0.10',
    status: 404,
    body: {
      object: 'error',
      message: 'The model `gpt-4o-mini` does not exist.',
      type: 'NotFoundError',
      param: null,
      code: 404,
    },
    message: 'The model `gpt-4o-mini` does not exist.',
  },
];

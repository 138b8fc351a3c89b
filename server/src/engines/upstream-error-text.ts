// The message inside an upstream's error body, whichever server wrote it, so the log and the 502
// name the cause rather than a JSON dump. The shapes are the ones real servers send (recorded in
// the adapters' contract tests):
// - OpenAI, Ollama, vLLM ≥ 0.10, LocalAI: {"error": {"message": "...", "type": ...}}
// - LibreTranslate: {"error": "..."}
// - vLLM before 0.10: {"object": "error", "message": "...", "type": ..., "code": 400}
// - FastAPI servers (speaches, Kokoro-FastAPI): {"detail": "..."}, {"detail": {"message": "..."}}
//   or a validation list {"detail": [{"loc": [...], "msg": "...", "type": ...}]}
// Anything else is the start of the body, whitespace folded.

export function upstreamErrorText(raw: Buffer): string {
  return messageOf(parse(raw)) ?? bodyExcerpt(raw);
}

export function bodyExcerpt(raw: Buffer): string {
  const text = raw.toString('utf8', 0, 300).replace(/\s+/g, ' ').trim();
  return text === '' ? '(empty body)' : text;
}

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown, depth = 0): string | undefined {
  if (depth > 2 || body === null || typeof body !== 'object') return undefined;
  if (Array.isArray(body)) {
    const parts = body.map((item) => fieldMessage(item)).filter((m): m is string => m !== undefined);
    return parts.length ? parts.join('; ') : undefined;
  }
  const record = body as Record<string, unknown>;
  // A message beside an error code ({"error": "validation_error", "message": "..."}) is the sentence.
  if (typeof record.message === 'string' && record.message.trim() !== '') return record.message;
  for (const key of ['error', 'detail'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    const inner = messageOf(value, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/** A FastAPI validation entry: "body.voice: Field required". */
function fieldMessage(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const { loc, msg, message } = item as { loc?: unknown; msg?: unknown; message?: unknown };
  const text = typeof msg === 'string' ? msg : typeof message === 'string' ? message : undefined;
  if (!text) return undefined;
  return Array.isArray(loc) ? `${loc.join('.')}: ${text}` : text;
}

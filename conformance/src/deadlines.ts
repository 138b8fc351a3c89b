// How long the kit waits for one HTTP answer before it reports the request as unanswered (a FAIL
// with the code NO_ANSWER: a deployment must answer every request, malformed ones included). A hang
// costs seconds, not the whole run: the check that sent it stops there (its next requests would
// most likely hang too), the failure is not retried (retry.ts), and the run goes on.
// The live stream keeps its own deadlines (the spec's finalize budget, judged by the stream checks).

/** File speech-to-text: the spec's limits table, "recommended client timeout: 600 seconds or more". */
export const FILE_STT_DEADLINE_MS = 600_000;
/** Every other request: generous for an answer the spec expects at once. */
export const REQUEST_DEADLINE_MS = 30_000;
/**
 * A request whose shape's last request went unanswered: it would most likely hang the same way, and
 * a run sends dozens of some shapes (create-meeting: one per check), so each would cost the full
 * deadline again. Still a hundred times a normal answer; an answer of that shape ends it.
 */
export const AFTER_HANG_DEADLINE_MS = 5_000;
/** Each of the preflight's two requests (preflight.ts): past it the base URL counts as unreachable. */
export const PREFLIGHT_DEADLINE_MS = 15_000;

/** The text parses as JSON (whatever its Content-Type label says). */
export const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A file STT request that can carry audio to transcribe: a JSON body, or bytes (protobuf). */
const transcribes = (method: string, url: string, body?: string | Uint8Array) =>
  method === 'POST' &&
  new URL(url).pathname.replace(/\/+$/, '').endsWith('/v1/stt') &&
  !(typeof body === 'string' && !isJson(body));

/**
 * The deadline of one request: --timeout when given, else the route's own. File STT waits the spec's
 * 600 s only for a body that can carry audio: one that is not JSON can only be refused, at once.
 * `hungBefore`: the shape's last request went unanswered (AFTER_HANG_DEADLINE_MS, not for audio).
 */
export function deadlineOf(
  method: string,
  url: string,
  override?: number,
  body?: string | Uint8Array,
  hungBefore = false,
): number {
  const work = transcribes(method, url, body);
  const own = override ?? (work ? FILE_STT_DEADLINE_MS : REQUEST_DEADLINE_MS);
  return hungBefore && !work ? Math.min(own, AFTER_HANG_DEADLINE_MS) : own;
}

/** `POST /v1/stt`: the request as a fingerprint keeps it (no query, no ids or tokens of the run). */
export function requestShape(method: string, url: string): string {
  const path = new URL(url).pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) && segment.length > 8 ? '*' : segment))
    .join('/');
  return `${method} ${path}`;
}

export const seconds = (ms: number): string => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

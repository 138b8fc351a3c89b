// How long the kit waits for one HTTP answer before it reports the request as unanswered (a FAIL
// with the code NO_ANSWER: a deployment must answer every request, malformed ones included). A hang
// costs seconds, not the whole run: the check that sent it fails and the run goes on.
// The live stream keeps its own deadlines (the spec's finalize budget, judged by the stream checks).

/** File speech-to-text: the spec's limits table, "recommended client timeout: 600 seconds or more". */
export const FILE_STT_DEADLINE_MS = 600_000;
/** Every other request: generous for an answer the spec expects at once. */
export const REQUEST_DEADLINE_MS = 30_000;

/** The deadline of one request: --timeout when given, else the route's own. */
export function deadlineOf(method: string, url: string, override?: number): number {
  if (override !== undefined) return override;
  return method === 'POST' && new URL(url).pathname.replace(/\/+$/, '').endsWith('/v1/stt')
    ? FILE_STT_DEADLINE_MS
    : REQUEST_DEADLINE_MS;
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

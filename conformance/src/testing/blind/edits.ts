import { answerWith, jsonOf } from '../mutant-run.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';

// Edits the blind catalogs share beyond variant-edits and mutant-run: a request served by another
// route (a write that never reaches its table), a pydantic-style 422 body, and a timestamp moved by
// microseconds (a cursor compared with <= instead of <).

export type Json = Record<string, unknown>;

/** The items under `key` of a JSON body (none when absent or not an array). */
export const itemsOf = (body: Json, key: string): Json[] =>
  Array.isArray(body[key]) ? (body[key] as Json[]) : [];

/** A 422 in the spec's validation error body, one entry at body.`field`. */
export const validation422 = (
  field: string,
  msg: string,
  type: string,
  input: unknown,
): [number, unknown] => [422, { detail: [{ loc: ['body', field], msg, type, input }] }];

/** A JSON answer of this status and body that keeps the upstream headers (cache-control, www-authenticate). */
export function reply(a: Answer, status: number, body: unknown): Answer {
  const made = answerWith(status, body);
  const headers = new Headers(a.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  return { ...made, headers };
}

/** A request's JSON body; `{}` when it has none or another form (the token endpoint's form body). */
const askedOf = (req: Exchange): Json => {
  if (req.method !== 'POST') return {};
  try {
    return jsonOf(req.body);
  } catch {
    return {};
  }
};

/**
 * mutant-run's onAnswer, keeping the upstream headers (so the edit is the one difference a client
 * sees) and reading a form-encoded request as `{}`.
 */
export const onAnswer = (
  path: string,
  edit: (body: Json, status: number, asked: Json) => [number, unknown],
): ProxyHooks => ({
  answer(req: Exchange, a: Answer): Answer {
    if (pathOf(req) !== path) return a;
    const [status, body] = edit(jsonOf(a.body), a.status, askedOf(req));
    return reply(a, status, body);
  },
});

const ASKED = 'x-blind-asked';

/**
 * Requests to `from` are sent upstream to `to` (with the body `send` makes of the asked one); the
 * answer is made by `answer` from the upstream status and body and the asked body. A deployment
 * whose write route reads but never writes.
 */
export function servedBy(
  from: string,
  to: string,
  send: (asked: Json) => Json,
  answer: (upstream: Json, status: number, asked: Json) => [number, unknown],
): ProxyHooks {
  return {
    request(req: Exchange): Exchange {
      if (pathOf(req) !== from) return req;
      const asked = jsonOf(req.body);
      const headers = new Headers(req.headers);
      headers.set(ASKED, Buffer.from(JSON.stringify(asked)).toString('base64url'));
      return { ...req, path: to, headers, body: Buffer.from(JSON.stringify(send(asked))) };
    },
    answer(req: Exchange, a: Answer): Answer {
      const stash = req.headers.get(ASKED);
      if (!stash || pathOf(req) !== to) return a;
      const asked = JSON.parse(Buffer.from(stash, 'base64url').toString('utf8')) as Json;
      const [status, body] = answer(jsonOf(a.body), a.status, asked);
      return reply(a, status, body);
    },
  };
}

/** The JSON body of requests to `path` changed by `edit` (an empty body is `{}`: body optional). */
export const editBody =
  (path: string, edit: (body: Json) => Json) =>
  (req: Exchange): Exchange => {
    if (pathOf(req) !== path) return req;
    try {
      return { ...req, body: Buffer.from(JSON.stringify(edit(jsonOf(req.body)))) };
    } catch {
      return req;
    }
  };

/** Answers of every path under `prefix` changed by `edit` (JSON answers only). */
export function onPrefix(
  prefix: string,
  edit: (body: Json, status: number, req: Exchange) => [number, unknown],
): ProxyHooks {
  return {
    answer(req: Exchange, a: Answer): Answer {
      if (!pathOf(req).startsWith(prefix) || !/json/.test(a.headers.get('content-type') ?? '')) return a;
      const [status, body] = edit(jsonOf(a.body), a.status, req);
      return reply(a, status, body);
    },
  };
}

const STAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d:\d\d)$/;

/** An RFC 3339 timestamp moved by `micros` microseconds, written back in UTC with six digits. */
export function shiftMicros(stamp: string, micros: number): string {
  const m = STAMP.exec(stamp);
  if (!m) return stamp;
  const seconds = BigInt(Date.parse(`${m[1]}${m[3]}`)) * 1000n;
  const total = seconds + BigInt((m[2] ?? '').padEnd(6, '0')) + BigInt(micros);
  const whole = total / 1_000_000n;
  const fraction = (total % 1_000_000n).toString().padStart(6, '0');
  return `${new Date(Number(whole) * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
}

/** A per-deployment counter (each proxy calls hooks() once, so state starts fresh). */
export const counter = () => {
  let n = 0;
  return () => ++n;
};

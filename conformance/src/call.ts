import type { RouteSpec } from '@parley/schemas/route-spec';
import { expectAnswer } from './answer.js';
import type { AnswerRoute, RequestOf } from './catalog.js';
import { answerRoute } from './catalog.js';
import type { CheckContext } from './context.js';
import type { Reply } from './http-client.js';
import { expectStatus } from './schema-check.js';

// A route of the catalog called by its name and answered as the catalog types it: the body is the
// route's request type, and the answer is typed only once the validator passed it (expectAnswer),
// so a check never casts what a deployment sent. The key goes where the route's auth puts it: the
// X-API-Key header (meeting REST, denoise, translate-text) or the api_key query parameter (file STT).
// `ctx.callRaw` stays the way to send the bodies that are wrong on purpose.

/** A route `call` can send: POST /v1/<name> with a JSON body, a JSON 200, keyed by the run's key. */
export type TypedRouteName = AnswerRoute extends infer R
  ? R extends {
      readonly name: infer N extends string;
      readonly method: 'POST';
      readonly body: 'json' | 'json-or-protobuf';
      readonly auth: 'api-key' | 'query-key';
    }
    ? R extends { readonly path: `/v1/${N}` }
      ? N
      : never
    : never
  : never;

/** The answer `call` returns: route `R`'s 200 body once its response schema passed it. */
export type Answer<R extends TypedRouteName> = ReturnType<typeof expectAnswer<R>>;

export interface CallOptions {
  /** The key sent: the run's by default; another account's; null sends none. */
  key?: string | null;
  /** The answer's fixed name in deviation paths (the route's name by default; never data of the run). */
  what?: string;
}

/** Sends route `R` as its catalog entry says (path, JSON body, the key where its auth puts it). */
export function send<R extends TypedRouteName>(
  ctx: CheckContext,
  route: R,
  body: RequestOf<R>,
  options: CallOptions = {},
): Promise<Reply> {
  const key = options.key === undefined ? ctx.target.apiKey : options.key;
  const entry: RouteSpec = answerRoute(route);
  if (entry.auth === 'query-key') {
    const query = key === null ? '' : `?api_key=${encodeURIComponent(key)}`;
    return ctx.http.send(`${entry.path}${query}`, { method: 'POST', body: body ?? {} });
  }
  return ctx.http.send(entry.path, {
    method: 'POST',
    headers: key === null ? {} : { 'X-API-Key': key },
    body: body ?? {},
  });
}

/**
 * Route `R`'s answer, typed: anything but a 200 ends the check (STATUS), and so does a body that
 * breaks the route's response schema (every problem reported with its code and path).
 */
export async function call<R extends TypedRouteName>(
  ctx: CheckContext,
  route: R,
  body: RequestOf<R>,
  options: CallOptions = {},
): Promise<Answer<R>> {
  const what = options.what ?? route;
  const reply = await send(ctx, route, body, options);
  expectStatus(reply, 200, what);
  return expectAnswer(reply, route, what);
}

/** What `attempt` got: the typed answer of a 200, or only the reply of anything else. */
export type Attempt<R extends TypedRouteName> =
  | { ok: true; reply: Reply; answer: Answer<R> }
  | { ok: false; reply: Reply };

/**
 * Route `R` where a refusal is an allowed outcome (an unknown id, another account's data, a value a
 * deployment may refuse or accept): a 200 is validated and typed as `call` types it (a body that
 * breaks the schema ends the check); any other status is handed back for the check to judge.
 */
export async function attempt<R extends TypedRouteName>(
  ctx: CheckContext,
  route: R,
  body: RequestOf<R>,
  options: CallOptions = {},
): Promise<Attempt<R>> {
  const reply = await send(ctx, route, body, options);
  if (reply.status !== 200) return { ok: false, reply };
  return { ok: true, reply, answer: expectAnswer(reply, route, options.what ?? route) };
}

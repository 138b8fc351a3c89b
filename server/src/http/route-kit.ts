import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getSchema } from '@parley/schemas';
import type { Logger } from 'pino';
import type { Caller } from '../core/caller.js';
import {
  type AcceptedType,
  type Auth,
  allRoutes,
  emulatorRoutes,
  fileRoutes,
  oauthPageRoutes,
  pageRoutes,
  partnerHookRoutes,
  partnerPath,
  type RequestType,
  type ResponseType,
  type RouteSpec,
  requestBodyRequired,
  serverOpsRoutes,
  streamRoutes,
} from '../core/contracts.js';
import type { JsonText } from '../core/json-text.js';
import type { ResolveCaller } from './caller-auth.js';
import { abortOnDisconnect } from './disconnect-signal.js';
import { sendError } from './error-response.js';
import { FileReply, sendFile } from './file-reply.js';
import { sendJson } from './json-response.js';
import { logOf } from './locals.js';
import { type JsonReply, Reply, sendReply } from './reply.js';
import { type AudioBody, type ProtoBodies, readRequestBody, validRequest } from './request-body.js';
import { RouteTable, pathOf as requestPathOf } from './route-table.js';

// Serves every route of the server through one pipeline: the spec's (schemas/src/routes.ts) and
// the server's own (schemas/src/server-routes.ts: metrics, pages, files, OAuth forms, emulator).
// A catalog entry says a route's method and path, its auth kind, its body kind and request schema,
// and what its 200 carries; a routes file only binds the handler: `kit.mount('<name>', handler)`,
// `kit.mountPublic` for routes without an API caller, `kit.mountUpgrade` for the WebSocket one.
// Every request then meets the same steps in the spec's error order: the caller (401/403), the body
// (415, 400, 413), the request schema (422), the handler, the answer (its result as the 200 JSON
// body, a Reply, or a FileReply). A route whose path ends in `/` is a directory page: its bare
// form is redirected there (301), since the page's relative links need the slash.
// The catalog's `cacheControl` is set on every answer of its route, errors included (the one home
// of Cache-Control; route-catalog.test.ts holds the server to it).
// The routes go into the route table the request handler answers from (request-handler.ts says why).
// A route's name types its handler: the body is what the route's body kind and request schema make
// of the request (BodyOf), and the answer must be its response schema's type (AnswerOf), so a routes
// file writes no types of its own and a wrong name or answer fails type checking
// (route-kit.types.test.ts).

export interface RouteContext {
  /** Aborts when the client goes away before the answer is sent (created on first use). */
  readonly signal: AbortSignal;
  /** The path parameters (`:id`), decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The request, for what the catalog does not cover (cookies, headers of HTML pages). */
  readonly request: IncomingMessage;
  /** The request's logger (carries its request id). */
  readonly log: Logger | undefined;
}

/** A handler's result: the 200 JSON body (a value or JsonText), or a Reply written as it is. */
export type Handler<Body, Result> = (body: Body, caller: Caller, context: RouteContext) => Promise<Result>;
/** The handler of a `none`, `session` or `admin` route; `caller` is the session's user, if any. */
export type PublicHandler<Body, Result> = (
  body: Body,
  context: RouteContext & { readonly caller: Caller | undefined },
) => Promise<Result>;

export interface MountOptions {
  /** Runs on the parsed body before the schema check, for errors the spec words itself (stt's audio_url). */
  precheck?: (body: unknown) => void;
}

export interface RouteKitOptions {
  /** How each auth kind finds the caller; a route whose kind has none cannot be mounted. */
  auth: Partial<Record<Auth, ResolveCaller>>;
  bodyLimitBytes: number;
  partnerSegment: string;
}

/** Takes over the socket of an upgrade request (the live stream's protocol owns its errors). */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface RouteKit {
  /** Serves the authenticated catalog route `name` with `handler`. */
  mount<N extends CallerRouteName>(
    name: N,
    handler: Handler<BodyOf<Route<N>>, AnswerOf<Route<N>>>,
    options?: MountOptions,
  ): void;
  /** The same for a route whose catalog auth is `none`, `session`, `admin` or `signed-url` (no API caller). */
  mountPublic<N extends PublicRouteName>(
    name: N,
    handler: PublicHandler<BodyOf<Route<N>>, AnswerOf<Route<N>>>,
    options?: MountOptions,
  ): void;
  /** Serves the catalog's `websocket` route `name`: upgrade requests to its path go to `handler`. */
  mountUpgrade(name: UpgradeRouteName, handler: UpgradeHandler): void;
  /** The server's 'upgrade' listener: a path without a WebSocket route gets a plain 404. */
  readonly upgrade: UpgradeHandler;
  /** The path the route is served at (the partner segment applied). */
  pathOf(name: string): string;
  /** Names of the catalog routes mounted so far. */
  mounted(): ReadonlySet<string>;
  /** Every route mounted. */
  readonly table: RouteTable;
}

const PUBLIC_AUTH: readonly Auth[] = ['none', 'session', 'admin', 'signed-url'];
/** Every route a kit can serve: the spec's (the live stream's included) and the server's own. */
export const SERVED_CATALOG = [
  ...allRoutes,
  ...streamRoutes,
  ...serverOpsRoutes,
  ...pageRoutes,
  ...fileRoutes,
  ...oauthPageRoutes,
  ...partnerHookRoutes,
  ...emulatorRoutes,
] as const satisfies readonly RouteSpec[];

type Served = (typeof SERVED_CATALOG)[number];
/** The name of a route the kit can serve. */
export type RouteName = Served['name'];
/** The catalog entry named `N`, with its literal kinds and schema ids. */
export type Route<N extends RouteName> = Extract<Served, { readonly name: N }>;
/** Routes whose caller is an API key or an access token: `mount`. */
export type CallerRouteName = Exclude<
  Extract<Served, { readonly auth: 'api-key' | 'query-key' | 'partner-bearer' }>,
  { readonly answer: 'websocket' }
>['name'];
/** Routes without an API caller: `mountPublic`. */
export type PublicRouteName = Exclude<
  Extract<Served, { readonly auth: 'none' | 'session' | 'admin' | 'signed-url' }>,
  { readonly answer: 'websocket' }
>['name'];
/** The WebSocket route: `mountUpgrade`. */
export type UpgradeRouteName = Extract<Served, { readonly answer: 'websocket' }>['name'];

/**
 * What the pipeline hands the handler of route `R`: nothing (`none`), the file's bytes (`audio`),
 * the decoded message (`protobuf`), the request schema's type once the schema passed (`json`,
 * `json-or-protobuf`), or the fields as sent (`form-or-json`: the OAuth endpoints check their own).
 */
export type BodyOf<R extends RouteSpec> = R['body'] extends 'none'
  ? undefined
  : R['body'] extends 'audio'
    ? AudioBody
    : R extends {
          readonly body: 'protobuf';
          readonly requestProto: { readonly name: infer M extends keyof ProtoBodies };
        }
      ? ProtoBodies[M]
      : R extends { readonly body: 'json' | 'json-or-protobuf'; readonly request: string }
        ? RequestType<R>
        : unknown;

/**
 * What the handler of route `R` may answer: the response schema's type (a value, its JsonText or a
 * JsonReply of it); any JSON where the catalog names no schema; a Reply or FileReply for the other
 * answer kinds; a Reply for the OAuth endpoints, whose status and body the OAuth library decides.
 */
export type AnswerOf<R extends RouteSpec> = R['body'] extends 'form-or-json'
  ? Reply
  : R extends { readonly answer: 'json'; readonly response: string }
    ?
        | ResponseType<R>
        | JsonText<ResponseType<R>>
        | JsonReply<ResponseType<R>>
        | (R extends { readonly accepted: string } ? JsonReply<AcceptedType<R>> : never)
    : R['answer'] extends 'json'
      ? unknown
      : Reply | FileReply;

export function createRouteKit(options: RouteKitOptions): RouteKit {
  const table = new RouteTable();
  const mounted = new Set<string>();
  const upgrades = new Map<string, UpgradeHandler>();
  const markMounted = (route: RouteSpec) => {
    if (mounted.has(route.name)) throw new Error(`route ${route.name} is mounted twice`);
    mounted.add(route.name);
  };
  const spec = (name: string): RouteSpec => {
    const route = SERVED_CATALOG.find((r) => r.name === name);
    if (!route) throw new Error(`no route named ${name} in schemas/src/routes.ts`);
    return route;
  };
  const pathOf = (name: string) => partnerPath(spec(name).path, options.partnerSegment);

  const add = (
    route: RouteSpec,
    answer: (body: unknown, caller: Caller | undefined, context: RouteContext) => Promise<unknown>,
    mountOptions: MountOptions,
  ) => {
    const resolve = route.auth === 'none' ? undefined : options.auth[route.auth];
    if (route.auth !== 'none' && !resolve) {
      throw new Error(`route ${route.name} needs ${route.auth} auth, which this app cannot check`);
    }
    const schemaId = route.request;
    const validates = schemaId !== undefined && (route.body === 'json' || route.body === 'json-or-protobuf');
    const rules = {
      limitBytes: route.maxBodyBytes ?? options.bodyLimitBytes,
      required: schemaId !== undefined && requestBodyRequired(getSchema(schemaId)),
    };
    const directory = route.path.endsWith('/');
    const { cacheControl } = route;
    const serve = async (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => {
      // First, so every answer of the route carries it: its 200, its errors, its redirects.
      if (cacheControl) res.setHeader('Cache-Control', cacheControl);
      try {
        if (directory && !requestPathOf(req.url).endsWith('/')) return sendReply(res, toDirectory(req));
        const caller = resolve ? await resolve(req, route) : undefined;
        let body = await readRequestBody(route, req, rules);
        mountOptions.precheck?.(body);
        if (validates) body = validRequest(schemaId as string, body);
        const result = await answer(body, caller, contextOf(req, res, params));
        if (result instanceof Reply) sendReply(res, result);
        else if (result instanceof FileReply) sendFile(req, res, result);
        else sendJson(res, 200, result);
      } catch (error) {
        if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
        else sendError(res, error);
      }
    };
    markMounted(route);
    table.add({
      method: route.method,
      path: pathOf(route.name),
      // serve() answers every error itself; this only keeps a bug in that path from killing the process.
      serve: (req, res, params) => void serve(req, res, params).catch((error: Error) => res.destroy(error)),
    });
  };

  return {
    table,
    pathOf,
    mounted: () => mounted,
    upgrade(req, socket, head) {
      const handler = upgrades.get(requestPathOf(req.url));
      if (handler) return handler(req, socket, head);
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    },
    mountUpgrade(name, handler) {
      const route = spec(name);
      if (route.answer !== 'websocket') throw new Error(`route ${name} is not a WebSocket route`);
      markMounted(route);
      upgrades.set(pathOf(name), handler);
    },
    mount(name, handler, mountOptions = {}) {
      const route = spec(name);
      if (PUBLIC_AUTH.includes(route.auth)) throw new Error(`route ${name} is public: use mountPublic`);
      add(
        route,
        (body, caller, context) => {
          if (!caller) throw new Error(`route ${name} ran without a caller`);
          return handler(proven(body), caller, context);
        },
        mountOptions,
      );
    },
    mountPublic(name, handler, mountOptions = {}) {
      const route = spec(name);
      if (!PUBLIC_AUTH.includes(route.auth)) throw new Error(`route ${name} needs auth: use mount`);
      add(route, (body, caller, context) => handler(proven(body), withCaller(context, caller)), mountOptions);
    },
  };
}

/**
 * The body as its handler's type names it (BodyOf). The one place the kit trusts its own steps over
 * the compiler: readRequestBody read the route's body kind and validRequest checked its request
 * schema, which is exactly what BodyOf says of the route.
 */
function proven<Body>(body: unknown): Body {
  return body as Body;
}

function contextOf(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): RouteContext {
  let signal: AbortSignal | undefined;
  let query: URLSearchParams | undefined;
  return {
    get signal() {
      signal ??= abortOnDisconnect(res);
      return signal;
    },
    get query() {
      query ??= new URL(req.url ?? '/', 'http://localhost').searchParams;
      return query;
    },
    params,
    request: req,
    log: logOf(res),
  };
}

/** The redirect of a directory page's bare path to its form with the slash, query kept. */
function toDirectory(req: IncomingMessage): Reply {
  const url = req.url ?? '/';
  const path = requestPathOf(url);
  return new Reply(301, '', { Location: `${path}/${url.slice(path.length)}` });
}

function withCaller(context: RouteContext, caller: Caller | undefined) {
  return Object.defineProperty(context, 'caller', { value: caller, enumerable: true }) as RouteContext & {
    readonly caller: Caller | undefined;
  };
}

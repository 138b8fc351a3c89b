import type { IncomingMessage, ServerResponse } from 'node:http';
import { getSchema } from '@parley/schemas';
import type { RequestHandler } from 'express';
import type { Caller } from '../services/caller.js';
import { type Auth, allRoutes, partnerPath, type RouteSpec } from '../services/contracts.js';
import { authMiddleware, type ResolveCaller } from './auth.middleware.js';
import { abortOnDisconnect } from './disconnect-signal.js';
import { sendError } from './error-response.js';
import { jsonBody, readJsonBody } from './json-body.middleware.js';
import { sendJson } from './json-response.js';
import { setCaller } from './locals.js';
import { RouteTable } from './route-table.js';
import { validatedBody, validRequest } from './validated.middleware.js';

// Mounts a route of the catalog (schemas/src/routes.ts) by name: its method and path, its auth,
// its JSON body and request schema all come from the catalog, so a router file only says what the
// route does. The handler gets the validated body (defaults applied) and the caller, and returns
// the 200 body. JSON routes go into the route table the front door answers from (front-door.ts
// says why not Express); routes answering something else (protobuf) use middlewareOf in Express.

export interface RouteContext {
  /** Aborts when the client goes away before the answer is sent (created on first use). */
  readonly signal: AbortSignal;
}

export type Handler<Body, Result> = (body: Body, caller: Caller, context: RouteContext) => Promise<Result>;
export type PublicHandler<Body, Result> = (body: Body, context: RouteContext) => Promise<Result>;

export interface RouteKitOptions {
  /** How each auth kind finds the caller; a route whose kind has none cannot be mounted. */
  auth: Partial<Record<Auth, ResolveCaller>>;
  bodyLimitBytes: number;
  partnerSegment: string;
}

export interface RouteKit {
  /** Adds the authenticated catalog route `name`; the handler's result is the 200 JSON body. */
  mount<Body, Result>(name: string, handler: Handler<Body, Result>): void;
  /** The same for a route whose catalog auth is `none`. */
  mountPublic<Body, Result>(name: string, handler: PublicHandler<Body, Result>): void;
  /**
   * Express middleware (auth, body, validation) of a route that answers with something other than
   * JSON: `router.post(kit.pathOf(name), ...kit.middlewareOf(name), own)`.
   */
  middlewareOf(name: string): RequestHandler[];
  /** The path the route is served at (the partner segment applied). */
  pathOf(name: string): string;
  /** Every route mounted with mount/mountPublic. */
  readonly table: RouteTable;
}

export function createRouteKit(options: RouteKitOptions): RouteKit {
  const table = new RouteTable();
  const spec = (name: string): RouteSpec => {
    const route = allRoutes.find((r) => r.name === name);
    if (!route) throw new Error(`no route named ${name} in schemas/src/routes.ts`);
    return route;
  };
  const pathOf = (name: string) => partnerPath(spec(name).path, options.partnerSegment);
  const resolverOf = (route: RouteSpec): ResolveCaller | undefined => {
    if (route.auth === 'none') return undefined;
    const resolve = options.auth[route.auth];
    if (!resolve)
      throw new Error(`route ${route.name} needs ${route.auth} auth, which this app cannot check`);
    return (req) => resolve(req, route);
  };
  const bodyOptions = (schemaId: string) => ({
    limitBytes: options.bodyLimitBytes,
    required: hasRequiredFields(schemaId),
  });

  const add = (
    name: string,
    answer: (body: unknown, caller: Caller | undefined, context: RouteContext) => Promise<unknown>,
  ) => {
    const route = spec(name);
    const resolve = resolverOf(route);
    const request = route.request;
    const body = request ? bodyOptions(request) : undefined;
    const serve = async (req: IncomingMessage, res: ServerResponse) => {
      try {
        // Auth first, then the body, as the spec's error table orders them (401 before 400/422).
        const caller = resolve ? await resolve(req) : undefined;
        if (caller) setCaller(res, caller);
        const value = request && body ? validRequest(request, await readJsonBody(req, body)) : undefined;
        sendJson(res, 200, await answer(value, caller, contextOf(res)));
      } catch (error) {
        if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
        else sendError(res, error);
      }
    };
    table.add({
      method: route.method,
      path: pathOf(name),
      // serve() answers every error itself; this only keeps a bug in that path from killing the process.
      serve: (req, res) => void serve(req, res).catch((error: Error) => res.destroy(error)),
    });
  };

  return {
    table,
    pathOf,
    middlewareOf(name) {
      const route = spec(name);
      const chain: RequestHandler[] = [];
      const resolve = resolverOf(route);
      if (resolve) chain.push(authMiddleware(resolve));
      if (route.request) {
        chain.push(jsonBody(bodyOptions(route.request)));
        chain.push(validatedBody(route.request));
      }
      return chain;
    },
    mount(name, handler) {
      if (spec(name).auth === 'none') throw new Error(`route ${name} is public: use mountPublic`);
      add(name, (body, caller, context) => {
        if (!caller) throw new Error(`route ${name} ran without a caller`);
        return handler(body as never, caller, context);
      });
    },
    mountPublic(name, handler) {
      if (spec(name).auth !== 'none') throw new Error(`route ${name} needs auth: use mount`);
      add(name, (body, _caller, context) => handler(body as never, context));
    },
  };
}

function contextOf(res: ServerResponse): RouteContext {
  let signal: AbortSignal | undefined;
  return {
    get signal() {
      signal ??= abortOnDisconnect(res);
      return signal;
    },
  };
}

/** A request schema with required fields needs a body; one without accepts none (read as `{}`). */
function hasRequiredFields(schemaId: string): boolean {
  const required = getSchema(schemaId).required;
  return Array.isArray(required) && required.length > 0;
}

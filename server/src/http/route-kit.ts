import { getSchema } from '@parley/schemas';
import type { Request, RequestHandler, Router } from 'express';
import type { Caller } from '../services/caller.js';
import { type Auth, allRoutes, partnerPath, type RouteSpec } from '../services/contracts.js';
import { jsonBody } from './json-body.middleware.js';
import { callerOf } from './locals.js';
import { validatedBody } from './validated.middleware.js';

// Mounts a route of the catalog (schemas/src/routes.ts) by name: its method and path, its auth,
// its JSON body and request schema all come from the catalog, so a router file only says what the
// route does. The handler gets the validated body (defaults applied) and the caller, and returns
// the 200 body.

export type Handler<Body, Result> = (body: Body, caller: Caller, req: Request) => Promise<Result>;
export type PublicHandler<Body, Result> = (body: Body, req: Request) => Promise<Result>;

export interface RouteKitOptions {
  /** The auth middleware of each auth kind; a route whose kind has none cannot be mounted. */
  auth: Partial<Record<Auth, RequestHandler>>;
  bodyLimitBytes: number;
  partnerSegment: string;
}

export interface RouteKit {
  /** Adds the authenticated catalog route `name` to `router`; the handler's result is the 200 JSON body. */
  mount<Body, Result>(router: Router, name: string, handler: Handler<Body, Result>): void;
  /** The same for a route whose catalog auth is `none`. */
  mountPublic<Body, Result>(router: Router, name: string, handler: PublicHandler<Body, Result>): void;
  /**
   * Auth, body and validation middleware of a route, for routes that answer with something other
   * than JSON (protobuf, a redirect): `router.post(kit.pathOf(name), ...kit.middlewareOf(name), own)`.
   */
  middlewareOf(name: string): RequestHandler[];
  /** The path the route is served at (the partner segment applied). */
  pathOf(name: string): string;
}

export function createRouteKit(options: RouteKitOptions): RouteKit {
  const spec = (name: string): RouteSpec => {
    const route = allRoutes.find((r) => r.name === name);
    if (!route) throw new Error(`no route named ${name} in schemas/src/routes.ts`);
    return route;
  };
  const pathOf = (name: string) => partnerPath(spec(name).path, options.partnerSegment);

  const middlewareOf = (name: string): RequestHandler[] => {
    const route = spec(name);
    const chain: RequestHandler[] = [];
    if (route.auth !== 'none') {
      const auth = options.auth[route.auth];
      if (!auth)
        throw new Error(`route ${name} needs ${route.auth} auth, which this app has no middleware for`);
      chain.push(auth);
    }
    if (route.request) {
      chain.push(
        jsonBody({ limitBytes: options.bodyLimitBytes, required: hasRequiredFields(route.request) }),
      );
      chain.push(validatedBody(route.request));
    }
    return chain;
  };

  const add = (router: Router, name: string, final: RequestHandler) => {
    const path = pathOf(name);
    if (spec(name).method === 'GET') router.get(path, ...middlewareOf(name), final);
    else router.post(path, ...middlewareOf(name), final);
  };

  return {
    pathOf,
    middlewareOf,
    mount(router, name, handler) {
      if (spec(name).auth === 'none') throw new Error(`route ${name} is public: use mountPublic`);
      add(router, name, async (req, res) => {
        res.status(200).json(await handler(req.body, callerOf(res), req));
      });
    },
    mountPublic(router, name, handler) {
      if (spec(name).auth !== 'none') throw new Error(`route ${name} needs auth: use mount`);
      add(router, name, async (req, res) => {
        res.status(200).json(await handler(req.body, req));
      });
    },
  };
}

/** A request schema with required fields needs a body; one without accepts none (read as `{}`). */
function hasRequiredFields(schemaId: string): boolean {
  const required = getSchema(schemaId).required;
  return Array.isArray(required) && required.length > 0;
}

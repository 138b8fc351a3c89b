import type { ResponseType, RouteNamed, SentRequestType } from '@parley/schemas/route-spec';
import { allRoutes } from '@parley/schemas/routes';
import type { SchemaId } from '@parley/schemas/schema-types';

// The spec's route catalog (schemas/src/routes.ts, `as const`) as the kit's calls and answers see
// it: a route's name types the body a check sends (`ctx.call`) and the answer it reads once the
// validator passed it (`expectAnswer`), with the catalog's own type helpers (route-spec.ts), the
// ones that type the server's handlers. A wrong name or body fails type checking
// (catalog.types.test.ts).

type Catalog = typeof allRoutes;
type CatalogRoute = Catalog[number];

/** The name of a route of the spec's catalog. */
export type RouteName = CatalogRoute['name'];
/** The catalog entry named `N`, with its literal path and schema ids. */
export type Route<N extends RouteName> = RouteNamed<Catalog, N>;

/** A meeting REST route: `POST /v1/<name>` with a JSON body (what `ctx.call` sends). */
export type CallRouteName = CatalogRoute extends infer R
  ? R extends { readonly name: infer N extends string }
    ? R extends { readonly method: 'POST'; readonly path: `/v1/${N}`; readonly body: 'json' }
      ? N
      : never
    : never
  : never;

/** The request fields of route `N` as a client sends them (defaulted fields optional). */
export type RequestOf<N extends RouteName> = SentRequestType<Route<N>>;

/** The catalog entry of a route whose 200 is JSON of a response schema. */
export type AnswerRoute<N extends string = string> = Extract<
  CatalogRoute,
  { readonly name: N; readonly answer: 'json'; readonly response: SchemaId }
>;
/** A route whose 200 is JSON of a response schema. */
export type AnswerRouteName = AnswerRoute['name'];
/** The schema id of route `N`'s 200 body. */
export type AnswerSchemaOf<N extends AnswerRouteName> = AnswerRoute<N>['response'];
/** The type of route `N`'s 200 body (what `expectAnswer` returns once the validator passed it). */
export type AnswerOf<N extends AnswerRouteName> = ResponseType<Route<N>>;

const byName = new Map<string, CatalogRoute>(allRoutes.map((route) => [route.name, route]));

/** The catalog entry of route `name`, whose 200 is JSON (a name the types allow is always there). */
export function answerRoute<N extends AnswerRouteName>(name: N): AnswerRoute<N> {
  const route = byName.get(name);
  if (!route || !answersJson(route, name)) throw new Error(`the catalog has no JSON answer of ${name}`);
  return route;
}

const answersJson = <N extends AnswerRouteName>(route: CatalogRoute, name: N): route is AnswerRoute<N> =>
  route.name === name && route.answer === 'json' && 'response' in route;

/** Whether `name` is a meeting REST route (a table of the kit's own names them as strings). */
export const isCallRoute = (name: string): name is CallRouteName => {
  const route = byName.get(name);
  return route?.method === 'POST' && route.body === 'json' && route.path === `/v1/${name}`;
};

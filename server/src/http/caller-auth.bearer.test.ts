import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/api-error.js';
import type { BearerVerifier } from '../core/bearer-verifier.js';
import type { Caller } from '../core/caller.js';
import { allRoutes, type RouteSpec } from '../core/contracts.js';
import { callerResolvers } from './caller-auth.js';

// The slots for OAuth access tokens and sessions: what the pipeline does with a BearerVerifier's
// answer (the verifier itself belongs to the partner interface; here a table of tokens).

const alice: Caller = { userId: 'u-alice', accountId: 'a-alice' } as Caller;
const bob: Caller = { userId: 'u-bob', accountId: 'a-bob' } as Caller;
const tokens: Record<string, { caller: Caller; scopes: string[] }> = {
  'token-read': { caller: alice, scopes: ['meetings:read'] },
  'token-none': { caller: alice, scopes: [] },
  'token-write': { caller: alice, scopes: ['meetings:write'] },
};
const bearer: BearerVerifier = { verify: async (token) => tokens[token] };
const resolvers = callerResolvers({
  authenticate: async (key) => (key === 'bob-key' ? bob : undefined),
  bearer,
  session: { read: async (cookie) => (cookie === 'sid=ok' ? alice : undefined) },
});
const partnerRoute: RouteSpec = {
  ...(allRoutes.find((r) => r.auth === 'partner-bearer') as RouteSpec),
  scopes: ['meetings:read'],
};
const request = (headers: Record<string, string>) => ({ headers, url: '/' }) as unknown as IncomingMessage;
const refusal = async (promise: Promise<unknown> | undefined) => {
  const error = await promise?.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.status, challenge: error.headers?.['WWW-Authenticate'] };
};

describe('partner-bearer auth', () => {
  const resolve = resolvers['partner-bearer'];

  it('a token holding the route scopes gives its caller', async () => {
    expect(await resolve?.(request({ authorization: 'Bearer token-read' }), partnerRoute)).toBe(alice);
  });

  it('no token and an unknown one are 401 with an RFC 6750 challenge', async () => {
    expect(await refusal(resolve?.(request({}), partnerRoute))).toEqual({
      status: 401,
      challenge: 'Bearer realm="parley"',
    });
    expect(await refusal(resolve?.(request({ authorization: 'Bearer nope' }), partnerRoute))).toEqual({
      status: 401,
      challenge: 'Bearer realm="parley", error="invalid_token"',
    });
  });

  it('a token without a scope of the route is 403 insufficient_scope', async () => {
    expect(await refusal(resolve?.(request({ authorization: 'Bearer token-none' }), partnerRoute))).toEqual({
      status: 403,
      challenge: 'Bearer realm="parley", error="insufficient_scope", scope="meetings:read"',
    });
  });
});

describe('api-key auth with a bearer verifier', () => {
  const route = allRoutes.find((r) => r.auth === 'api-key') as RouteSpec;
  const resolve = resolvers['api-key'];

  it('takes an API key by X-API-Key or Bearer, and an OAuth access token by Bearer', async () => {
    expect(route.scopes).toEqual(['meetings:write']);
    expect(await resolve?.(request({ 'x-api-key': 'bob-key' }), route)).toBe(bob);
    expect(await resolve?.(request({ authorization: 'Bearer bob-key' }), route)).toBe(bob);
    expect(await resolve?.(request({ authorization: 'Bearer token-write' }), route)).toBe(alice);
    // An access token without the route's scope: 403 insufficient_scope, as on partner routes.
    expect((await refusal(resolve?.(request({ authorization: 'Bearer token-none' }), route))).status).toBe(
      403,
    );
    expect((await refusal(resolve?.(request({ authorization: 'Bearer nope' }), route))).status).toBe(401);
  });

  it('without a verifier there is no partner-bearer kind and Bearer means an API key only', async () => {
    const plain = callerResolvers({
      authenticate: async () => undefined,
      bearer: undefined,
      session: undefined,
    });
    expect(plain['partner-bearer']).toBeUndefined();
    expect(plain.session).toBeUndefined();
  });
});

describe('session auth', () => {
  it('gives the session cookie user, or no caller (the page decides)', async () => {
    const route = allRoutes.find((r) => r.auth === 'session') as RouteSpec;
    expect(await resolvers.session?.(request({ cookie: 'sid=ok' }), route)).toBe(alice);
    expect(await resolvers.session?.(request({}), route)).toBeUndefined();
  });
});

import http, { type RefinedResponse } from 'k6/http';
import { routePath } from '../../src/routes.js';
import { env } from './config.js';
import { checked } from './metrics.js';

// Calls to the service's JSON routes: the path from the route catalog, the key in X-API-Key (or a
// bearer token for the partner routes), the route name as the request's `name` tag so latency can
// be read (and thresholded) per route.

export type Json = Record<string, unknown>;

export function postJson(
  route: string,
  body: unknown,
  options: { id?: string; auth?: 'key' | 'bearer'; timeout?: string } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.auth === 'bearer') headers.Authorization = `Bearer ${env.partnerToken}`;
  else headers['X-API-Key'] = env.apiKey;
  const path = routePath(route, {
    ...(options.id ? { id: options.id } : {}),
    partnerSegment: env.partnerSegment,
  });
  return http.post(`${env.baseUrl}${path}`, JSON.stringify(body), {
    headers,
    tags: { name: route },
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
}

export function getBearer(route: string, id?: string) {
  const path = routePath(route, { ...(id ? { id } : {}), partnerSegment: env.partnerSegment });
  return http.get(`${env.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${env.partnerToken}` },
    tags: { name: route },
  });
}

/** The JSON body, or undefined when it is not JSON. */
export function jsonOf(response: RefinedResponse<'text'>): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

/** A 200 with a JSON object body whose `success` is not false. */
export function ok200(response: RefinedResponse<'text'>, what: string): Json | undefined {
  const body = jsonOf(response);
  const good = checked(response, {
    [`${what}: 200 JSON`]: (r) => r.status === 200 && typeof body === 'object' && body !== null,
  });
  if (!good) return undefined;
  return body as Json;
}

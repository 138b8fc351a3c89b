// What a request that never got an answer tells the Zap's owner. Zapier stops a step after 30 s with
// its own generic timeout; every request of the app carries a shorter limit (requestTimeoutMs), and
// the failure that limit (or a refused connection) raises inside z.request becomes a sentence here,
// around every operation of the app, since no afterResponse middleware sees a request without answer.
import type { BeforeRequestMiddleware, ZObject } from 'zapier-platform-core';
import { serviceConfig } from './service.client.js';

/** Zapier's limit for one step (`perform` and its kin), in seconds. */
export const ZAPIER_STEP_SECONDS = 30;
/** The app's default limit for one request: room left within the step for the words to arrive. */
export const REQUEST_TIMEOUT_SECONDS = 25;

/**
 * PARLEY_REQUEST_TIMEOUT_SECONDS lowers the limit (a deployment whose answers are quick, or a test);
 * anything unreadable, not positive or past the default keeps the default.
 */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.PARLEY_REQUEST_TIMEOUT_SECONDS);
  const seconds =
    Number.isFinite(set) && set > 0 && set < REQUEST_TIMEOUT_SECONDS ? set : REQUEST_TIMEOUT_SECONDS;
  return Math.round(seconds * 1000);
}

/** beforeRequest: a request without its own limit gets the app's. */
export const limitTime: BeforeRequestMiddleware = (request) => {
  const own = (request as { timeout?: number }).timeout;
  if (!own) Object.assign(request, { timeout: requestTimeoutMs() });
  return request;
};

/**
 * A failure of node-fetch (core's HTTP client): `request-timeout` (no head in time), `body-timeout` (the
 * body stalled), or `system` with the socket's code.
 */
interface FetchFailure {
  name?: string;
  type?: string;
  code?: string;
  message?: string;
}

const hostOf = (message: string): string => {
  const url = /\bat:? (\S+)/.exec(message)?.[1] ?? /to (\S+) failed/.exec(message)?.[1] ?? '';
  return URL.canParse(url) ? new URL(url).origin : serviceConfig().baseUrl;
};

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/** The sentence for a request that got no answer, or undefined for any other error. */
export function noAnswerError(z: ZObject, error: unknown): Error | undefined {
  const failure = error as FetchFailure;
  if (failure?.name !== 'FetchError') return undefined;
  const host = hostOf(failure.message ?? '');
  if (failure.type === 'request-timeout' || failure.type === 'body-timeout') {
    return new z.errors.Error(
      `Parley (${host}) did not answer within ${seconds(requestTimeoutMs() / 1000)} (Zapier stops a step at ${ZAPIER_STEP_SECONDS}). ` +
        'Try again later; for a long recording or meeting, set "Deliver Later" to Yes. If it keeps happening, tell the Parley deployment\'s administrator.',
      'timeout',
      504,
    );
  }
  return new z.errors.Error(
    `Parley (${host}) could not be reached (${failure.code ?? failure.type ?? 'no answer'}). ` +
      'Check that PARLEY_BASE_URL names a running Parley deployment; if it does, try again later.',
    'unreachable',
    503,
  );
}

type Operation = (z: ZObject, bundle: unknown) => unknown;
const METHODS = ['perform', 'performList', 'performSubscribe', 'performUnsubscribe', 'performResume'];

const guarded =
  (fn: Operation): Operation =>
  async (z, bundle) => {
    try {
      return await fn(z, bundle);
    } catch (error) {
      throw noAnswerError(z, error) ?? error;
    }
  };

/**
 * Wraps every operation of the app, the connection test and the token exchange and refresh, so a request
 * without answer reads plainly.
 */
export function withPlainFailures<App extends object>(app: App): App {
  const definition = app as Record<string, unknown>;
  for (const group of ['triggers', 'searches', 'creates']) {
    for (const step of Object.values((definition[group] ?? {}) as Record<string, { operation?: object }>)) {
      const operation = step.operation as Record<string, unknown> | undefined;
      for (const method of METHODS) {
        const fn = operation?.[method];
        if (operation && typeof fn === 'function') operation[method] = guarded(fn as Operation);
      }
    }
  }
  const auth = definition.authentication as { test?: unknown; oauth2Config?: object } | undefined;
  for (const [holder, method] of [
    [auth, 'test'],
    [auth?.oauth2Config, 'getAccessToken'],
    [auth?.oauth2Config, 'refreshAccessToken'],
  ] as const) {
    const target = holder as Record<string, unknown> | undefined;
    if (target && typeof target[method] === 'function') target[method] = guarded(target[method] as Operation);
  }
  return app;
}

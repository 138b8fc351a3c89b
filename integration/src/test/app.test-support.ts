// Shared by the unit tests: the app loaded against a nock'd test deployment, an appTester, and helpers
// for nock and errors.
import nock from 'nock';
import type { Bundle } from 'zapier-platform-core';
import { loadApp } from './load-app.test-support.js';

export const BASE_URL = 'https://parley.test';
export const { App, appTester } = await loadApp({
  baseUrl: BASE_URL,
  clientId: 'zapier-client',
  clientSecret: 'zapier-secret',
});

const defined = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`the app defines no ${what}`);
  return value;
};
export const authentication = defined(App.authentication, 'authentication');
export const oauth = defined(authentication.oauth2Config, 'oauth2Config');

export const ACCESS_TOKEN = 'at_test_4f2b9c1e';
export const authData = { access_token: ACCESS_TOKEN, refresh_token: 'rt_test_9e8d7c6b' };

/** A bundle of a connected user; extra keys (inputData, meta …) are merged in. */
export const bundleWith = (extra: Partial<Bundle> = {}): Bundle =>
  ({ authData, inputData: {}, meta: {}, ...extra }) as Bundle;

/** nock scope on the service that answers only requests carrying the user's bearer token. */
export const service = () => nock(BASE_URL, { reqheaders: { authorization: `Bearer ${ACCESS_TOKEN}` } });

/** Operations of the app by kind and key, typed loosely for appTester. */
const performOf = (
  group: Record<string, { operation: object }> | undefined,
  key: string,
  method: 'perform' | 'performList' | 'performSubscribe' | 'performUnsubscribe' = 'perform',
) =>
  defined((group?.[key]?.operation as Record<string, unknown> | undefined)?.[method], `${method} of ${key}`);
export const op = {
  trigger: (key: string) => performOf(App.triggers, key),
  /** The instant triggers' list (samples, the editor's test), subscribe and unsubscribe. */
  list: (key: string) => performOf(App.triggers, key, 'performList'),
  subscribe: (key: string) => performOf(App.triggers, key, 'performSubscribe'),
  unsubscribe: (key: string) => performOf(App.triggers, key, 'performUnsubscribe'),
  search: (key: string) => performOf(App.searches, key),
  create: (key: string) => performOf(App.creates, key),
};

export interface CaughtError {
  name: string;
  message: string;
  /** Decoded body of core's JSON-message errors (AppError, ThrottledError). */
  detail: { message?: string; code?: string; status?: number; delay?: number | null };
}

/** The error a call rejects with, decoded; fails the test when the call succeeds. */
export async function caught(call: Promise<unknown>): Promise<CaughtError> {
  try {
    await call;
  } catch (error) {
    const { name, message } = error as Error;
    let detail: CaughtError['detail'] = {};
    try {
      detail = JSON.parse(message);
    } catch {}
    return { name, message, detail };
  }
  throw new Error('expected the call to fail, but it succeeded');
}

// Edited-answer cases over real HTTP: the conformance kit's variant proxy in front of the reference
// server (in-process) edits one answer the app reads, or never answers (the kit's hang proxy), and
// the app, pointed at the proxy, fails the step with the words of FAULT_CASES, as with nock.

import { hangWhen } from '@parley/conformance/testing/hang-proxy';
import {
  type Answer,
  type Exchange,
  type ProxyHooks,
  pathOf,
  startVariantProxy,
} from '@parley/conformance/testing/variant-proxy';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { caught } from './app.test-support.js';
import {
  type AuthData,
  connectAccount,
  E2E_TIMEOUTS,
  endMeeting,
  keepHttpUnpatched,
  loadAppOn,
  startDeployment,
} from './e2e.test-support.js';
import { type FaultCaseName, wordsOn } from './fault-cases.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);
const { server, user } = await startDeployment();
const { App, oauth, run } = await loadAppOn(server);
/** The example meeting id the nock cases' words name; here the deployment's own meeting's. */
const EXAMPLE_MEETING = 'mtg_01HX9W2Q';

let authData: AuthData;
let meetingId = '';
const as = (inputData: Record<string, unknown> = {}) => ({ authData, inputData, meta: {} });
const perform = (group: 'triggers' | 'searches' | 'creates', key: string) =>
  (App[group] as Record<string, { operation: { perform: unknown } }> | undefined)?.[key]?.operation.perform;

beforeAll(async () => {
  authData = await connectAccount(oauth, run, user.email);
  for (const title of ['One', 'Two']) {
    const meeting = (await run(perform('creates', 'create_meeting'), as({ title }))) as { id: string };
    await endMeeting(server, meeting.id);
    meetingId = meeting.id;
  }
});
afterEach(() => {
  process.env.PARLEY_BASE_URL = server.url;
  delete process.env.PARLEY_REQUEST_TIMEOUT_SECONDS;
});
afterAll(() => server.close());

/** Runs `call` with the app pointed at a proxy applying `hooks`; gives the words' root too. */
async function throughProxy<T>(hooks: ProxyHooks, call: (root: string) => Promise<T>): Promise<T> {
  const proxy = await startVariantProxy(
    { baseUrl: server.url, wsUrl: server.wsUrl },
    { id: 'app-fault', area: 'rest', allows: 'nothing: it breaks the spec', only: [], hooks: () => hooks },
  );
  process.env.PARLEY_BASE_URL = proxy.baseUrl;
  try {
    return await call(proxy.baseUrl);
  } finally {
    await proxy.close();
  }
}

const answerAt =
  (path: (p: string) => boolean, edit: (a: Answer) => Answer) =>
  (req: Exchange, a: Answer): Answer =>
    path(pathOf(req)) ? edit(a) : a;

const words = (name: FaultCaseName, root: string) => wordsOn(name, root).replace(EXAMPLE_MEETING, meetingId);

describe('answers edited by the variant proxy', () => {
  it('triggerItemWithoutId: Meeting Ended', async () => {
    const dropId = (a: Answer): Answer => {
      const items = JSON.parse(a.body.toString('utf8')) as Record<string, unknown>[];
      delete items[1]?.id;
      return { ...a, body: Buffer.from(JSON.stringify(items)) };
    };
    const hooks = { answer: answerAt((p) => p === '/api/partner/triggers/meeting-ended', dropId) };
    await throughProxy(hooks, async (root) => {
      const failed = await caught(run(perform('triggers', 'meeting_ended'), as()));
      expect(failed.detail).toMatchObject({
        message: words('triggerItemWithoutId', root),
        code: 'bad_response',
      });
    });
  });

  it('htmlAs200: Find Meeting', async () => {
    const page = (a: Answer): Answer => ({
      status: 200,
      headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
      body: Buffer.from(`<!doctype html><title>Sign in</title>${a.status}`),
    });
    const hooks = { answer: answerAt((p) => p.startsWith('/api/partner/meetings/'), page) };
    await throughProxy(hooks, async (root) => {
      const failed = await caught(run(perform('searches', 'find_meeting'), as({ meeting_id: meetingId })));
      expect(failed.detail).toMatchObject({ message: words('htmlAs200', root), code: 'bad_response' });
    });
  });

  it('emptyBody502: Summarize Meeting', async () => {
    const empty = (): Answer => ({ status: 502, headers: new Headers(), body: Buffer.alloc(0) });
    const hooks = { answer: answerAt((p) => p === '/v1/summarize-meeting', empty) };
    await throughProxy(hooks, async (root) => {
      const failed = await caught(
        run(perform('creates', 'summarize_meeting'), as({ meeting_id: meetingId })),
      );
      expect(`${failed.name} (Zapier retries after ${failed.detail.delay} s): ${failed.detail.message}`).toBe(
        words('emptyBody502', root),
      );
    });
  });

  it('hang: a request the proxy never answers', async () => {
    process.env.PARLEY_REQUEST_TIMEOUT_SECONDS = '1';
    const hung: string[] = [];
    const hooks = hangWhen((req) => pathOf(req).startsWith('/api/partner/meetings/'), hung);
    await throughProxy(hooks, async (root) => {
      const failed = await caught(run(perform('searches', 'find_meeting'), as({ meeting_id: meetingId })));
      expect(failed.detail).toMatchObject({
        message: words('hang', root).replace('25 seconds', '1 second'),
        code: 'timeout',
      });
    });
    expect(hung).toEqual([`GET /api/partner/meetings/${meetingId}`]);
  });
});

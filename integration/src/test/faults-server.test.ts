// The app against the reference server with one fault of its catalog on at a time (PUT
// /_emulator/faults): each case's step fails with the words of FAULT_CASES, or (where the app can
// put the answer right) gives what the spec's answer gives. Each case also shows the bad outcome
// without the app's handling: the raw answer as the service sent it, or the step run on the app
// without its answer checks (withoutHandling).

import { TEST_ADMIN_TOKEN } from '@parley/server/test-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import zapier, { type Bundle } from 'zapier-platform-core';
import { caught } from './app.test-support.js';
import {
  type AuthData,
  connectAccount,
  E2E_TIMEOUTS,
  endMeeting,
  keepHttpUnpatched,
  loadAppOn,
  runJobsUntil,
  startDeployment,
} from './e2e.test-support.js';
import { FAULT_CASES, type FaultCaseName, withoutHandling, wordsOn } from './fault-cases.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);
const { server, user } = await startDeployment();
const { App, oauth, run } = await loadAppOn(server);
const runRaw = zapier.createAppTester(withoutHandling(App)) as unknown as typeof run;

type Group = 'triggers' | 'searches' | 'creates';
const step = (group: Group, key: string): unknown => {
  const found = (App[group] as Record<string, { operation: { perform: unknown } }> | undefined)?.[key];
  if (!found) throw new Error(`the app defines no ${group} ${key}`);
  return found.operation.perform;
};
/** The dropdown's first page: appTester has no cursor store, so the step gets one. */
const dropdown = (z: { cursor: unknown }, bundle: Bundle) => {
  z.cursor = { get: async () => '', set: async () => undefined };
  return (step('triggers', 'meetings_list') as (z: unknown, b: Bundle) => unknown)(z, bundle);
};

let authData: AuthData;
const as = (inputData: Record<string, unknown> = {}) => ({ authData, inputData, meta: {} });
const words = (name: FaultCaseName) => wordsOn(name, server.url);

async function setFaults(faults: string[]): Promise<void> {
  const reply = await fetch(`${server.url}/_emulator/faults`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (reply.status !== 200) throw new Error(`faults ${faults} answered ${reply.status}`);
}
/** The fault of the case on, as FAULT_CASES names it. */
const faultOf = (name: FaultCaseName) => setFaults([FAULT_CASES[name].via]);
/** A route's answer as the service sends it, with the user's token (the fault applied). */
const raw = async (path: string) =>
  (
    await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${authData.access_token}` } })
  ).json();
const rawPost = async (route: string, body: unknown) =>
  (
    await fetch(`${server.url}/v1/${route}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${authData.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

const ids = (items: unknown) => (items as { id: string }[]).map((item) => item.id);

beforeAll(async () => {
  authData = await connectAccount(oauth, run, user.email);
  // Three ended meetings, a second apart in their end, so a trigger and the dropdown have an order.
  for (const title of ['First', 'Second', 'Third']) {
    const meeting = (await run(step('creates', 'create_meeting'), as({ title }))) as { id: string };
    await endMeeting(server, meeting.id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
  }
  await runJobsUntil(server, () => false, 3);
});
afterEach(() => setFaults([]));
afterAll(() => server.close());

describe('answers the app checks fail the step in plain words', () => {
  it('meEmailLost: the connection test', async () => {
    await faultOf('meEmailLost');
    expect((await caught(run(App.authentication?.test, as()))).detail.message).toBe(words('meEmailLost'));
    // Without the check the connection is made, its label reads "Ada (undefined)".
    expect(await runRaw(App.authentication?.test, as())).not.toHaveProperty('email');
  });

  it.each(['createdFieldLost', 'createdEpochTime'] as const)('%s: Create Meeting', async (name) => {
    await faultOf(name);
    const create = () => step('creates', 'create_meeting');
    expect((await caught(run(create(), as({ title: 'x' })))).detail.message).toBe(words(name));
    // Without the check the step succeeds and hands the broken meeting on.
    const made = (await runRaw(create(), as({ title: 'x' }))) as Record<string, unknown>;
    if (name === 'createdFieldLost') expect(made).not.toHaveProperty('host_user_id');
    else expect(typeof made.created_at).toBe('number');
  });

  it('notFoundAs200: Find Meeting by an unknown id', async () => {
    await faultOf('notFoundAs200');
    const find = step('searches', 'find_meeting');
    expect((await caught(run(find, as({ meeting_id: 'mtg_nope' })))).detail.message).toBe(
      words('notFoundAs200'),
    );
    // Without the check the error body is "found": a meeting without id or title.
    expect(await runRaw(find, as({ meeting_id: 'mtg_nope' }))).toEqual([
      expect.objectContaining({ success: false, code: 'NOT_FOUND' }),
    ]);
  });

  it('documentEmpty: Generate Document', async () => {
    await faultOf('documentEmpty');
    const [meeting] = ids(await run(step('triggers', 'meeting_ended'), as()));
    const inputs = as({ meeting_id: meeting, prompt: 'A brief.' });
    expect((await caught(run(step('creates', 'generate_document'), inputs))).detail.message).toBe(
      words('documentEmpty'),
    );
    // The service's own answer: a "document" without text.
    const answer = await fetch(`${server.url}/api/partner/meetings/${meeting}/generate-document`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${authData.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'A brief.' }),
    });
    expect(await answer.json()).toMatchObject({ document_text: '' });
  });

  it('badInputAs500: a refused input reaches the user as a temporary problem with its words', async () => {
    await faultOf('badInputAs500');
    const failed = await caught(run(step('creates', 'summarize_meeting'), as({ meeting_id: '' })));
    expect(`${failed.name} (Zapier retries): ${failed.detail.message}`).toBe(words('badInputAs500'));
  });
});

describe('answers the app can put right give what the spec answer gives', () => {
  it.each(['triggerOldestFirst', 'triggerRepeatedId'] as const)('%s: Meeting Ended', async (name) => {
    const expected = ids(await run(step('triggers', 'meeting_ended'), as()));
    expect(expected).toHaveLength(3);
    await faultOf(name);
    expect(ids(await run(step('triggers', 'meeting_ended'), as()))).toEqual(
      name === 'triggerOldestFirst' ? expected : expected.slice(0, 2),
    );
    // The service's answer: oldest first, or the newest twice.
    const sent = ids(await raw('/api/partner/triggers/meeting-ended'));
    expect(sent).toEqual(
      name === 'triggerOldestFirst' ? [...expected].reverse() : [...expected.slice(0, 2), expected[0]],
    );
  });

  it.each(['meetingsOldestFirst', 'meetingsRepeated'] as const)('%s: the meeting dropdown', async (name) => {
    const expected = ids(await run(dropdown, as()));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    await faultOf(name);
    const shown = ids(await run(dropdown, as()));
    expect(shown).toEqual(name === 'meetingsOldestFirst' ? expected : expected.slice(0, -1));
    const sent = ids(((await rawPost('get-meetings', { limit: 50 })) as { meetings: unknown }).meetings);
    expect(sent).not.toEqual(expected);
  });
});

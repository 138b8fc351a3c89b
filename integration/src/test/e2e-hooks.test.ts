// End to end, the instant triggers: the app subscribes a receiver on 127.0.0.1 (standing in for the
// platform's hook URL) to each event of the reference server, the events happen through the app's own
// actions and the server's jobs, every delivery arrives signed (Standard Webhooks, the client's secret)
// and becomes the trigger's output through its perform, equal to what performList shows for it and
// matching what the spec's polling trigger of the same event returns; then
// the Zap turns off (unsubscribe) and a receiver that answers 410 ends its subscription.
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type AuthData,
  connectAccount,
  type Delivery,
  E2E_TIMEOUTS,
  endMeeting,
  keepHttpUnpatched,
  loadAppOn,
  runJobsUntil,
  startDeployment,
  startReceiver,
} from './e2e.test-support.js';

keepHttpUnpatched();
vi.setConfig(E2E_TIMEOUTS);
// The deployment names its meeting page, so items and deliveries carry meeting_url (an extension).
const MEETING_PAGE = 'https://app.parley.test/meetings/';
const { server, user, webhookSecret } = await startDeployment({
  PARLEY_MEETING_URL_TEMPLATE: `${MEETING_PAGE}{id}`,
});
const { App, oauth, run } = await loadAppOn(server);
const receiver = await startReceiver();
afterAll(async () => {
  await receiver.close();
  await server.close();
});

const operation = (group: 'triggers' | 'creates', key: string) => {
  const found = (App[group] as unknown as Record<string, { operation: Record<string, unknown> }>)[key]
    ?.operation;
  if (!found) throw new Error(`the app defines no ${key}`);
  return found;
};
let authData: AuthData;
const as = (extra: Record<string, unknown> = {}) => ({ authData, inputData: {}, meta: {}, ...extra });

const INSTANT = [
  'new_meeting',
  'meeting_ended_instant',
  'summary_ready_instant',
  'contact_discovered_instant',
  'followup_email_ready_instant',
];
const subscriptions = new Map<string, { id: string }>();

const deliveredTo = (key: string, from = 0) =>
  receiver.received.slice(from).filter((d) => d.path === `/${key}`);

/** The delivery checked as a receiver must (signature, timestamp), then handed to the trigger's perform. */
async function performOn(key: string, delivery: Delivery | undefined): Promise<Record<string, unknown>[]> {
  if (!delivery) throw new Error(`nothing was delivered for ${key}`);
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
  const body = new Webhook(String(webhookSecret)).verify(delivery.body, headers);
  expect(() => new Webhook(String(webhookSecret)).verify(`${delivery.body} `, headers)).toThrow();
  return (await run(operation('triggers', key).perform, as({ cleanedRequest: body }))) as Record<
    string,
    unknown
  >[];
}

const listed = async (key: string) =>
  (await run(operation('triggers', key).performList, as())) as Record<string, unknown>[];
/** What the spec's polling trigger (the instant key without `_instant`) returns now. */
const polled = async (key: string) =>
  (await run(operation('triggers', key.replace(/_instant$/, '')).perform, as())) as Record<string, unknown>[];

describe('instant triggers against the reference server', () => {
  it('connects, and subscribes each instant trigger to its event', async () => {
    authData = await connectAccount(oauth, run, user.email);
    for (const key of INSTANT) {
      const subscribed = (await run(
        operation('triggers', key).performSubscribe,
        as({ targetUrl: receiver.url(`/${key}`) }),
      )) as { id: string; target_url: string };
      expect(subscribed.target_url).toBe(receiver.url(`/${key}`));
      subscriptions.set(key, subscribed);
    }
  });

  let meetingId = '';
  it('New Meeting fires when Create Meeting makes one', async () => {
    const from = receiver.received.length;
    const meeting = (await run(
      operation('creates', 'create_meeting').perform,
      as({ inputData: { title: 'Hooks review', participants: ['grace@hopper-labs.com'] } }),
    )) as { id: string };
    meetingId = meeting.id;
    await runJobsUntil(server, () => deliveredTo('new_meeting', from).length > 0);
    const [item] = await performOn('new_meeting', deliveredTo('new_meeting', from)[0]);
    expect(item).toMatchObject({ id: meetingId, title: 'Hooks review' });
    expect((await listed('new_meeting')).map((m) => m.id)).toContain(meetingId);
  });

  it('Meeting Ended, Contact Discovered and Follow-up Email Ready fire when the meeting ends', async () => {
    const from = receiver.received.length;
    await server.call('send-meeting-message', user.key, {
      meeting_message: { meeting_id: meetingId, text: 'Please copy linus@kernel-works.org on the notes.' },
    });
    await endMeeting(server, meetingId);
    const events = ['meeting_ended_instant', 'contact_discovered_instant', 'followup_email_ready_instant'];
    // Two contacts (the invited guest, the address said in chat), one ended meeting, one e-mail.
    await runJobsUntil(server, () => receiver.received.length - from >= 4);
    for (const key of events) {
      const deliveries = deliveredTo(key, from);
      expect(deliveries.length, key).toBeGreaterThan(0);
      const [list, polls] = [await listed(key), await polled(key)];
      for (const delivery of deliveries) {
        const [item] = await performOn(key, delivery);
        expect(
          list.find((l) => l.id === item?.id),
          key,
        ).toEqual(item);
        // The polling trigger returns the same item (without what the instant one adds from other routes).
        expect(item, key).toMatchObject(polls.find((p) => p.id === item?.id) ?? { missing: key });
      }
    }
    // Meeting Ended carries the people and the duration, so a Zap needs no lookup step.
    const [ended] = await performOn('meeting_ended_instant', deliveredTo('meeting_ended_instant', from)[0]);
    expect(ended).toMatchObject({ id: meetingId, host_name: 'Ada', host_email: user.email });
    expect(ended?.meeting_url).toBe(`${MEETING_PAGE}${meetingId}`);
    expect(ended?.duration_minutes).toEqual(expect.any(Number));
    const attendees = (ended?.attendees ?? []) as { email: string }[];
    expect(attendees.map((a) => a.email).sort()).toEqual(['grace@hopper-labs.com', user.email].sort());
    const contacts = await Promise.all(
      deliveredTo('contact_discovered_instant', from).map((d) => performOn('contact_discovered_instant', d)),
    );
    expect(contacts.map(([c]) => c?.email).sort()).toEqual([
      'grace@hopper-labs.com',
      'linus@kernel-works.org',
    ]);
  });

  it('Summary Ready fires after Summarize Meeting', async () => {
    const from = receiver.received.length;
    const summary = (await run(
      operation('creates', 'summarize_meeting').perform,
      as({ inputData: { meeting_id: meetingId } }),
    )) as { id: string };
    await runJobsUntil(server, () => deliveredTo('summary_ready_instant', from).length > 0);
    const [item] = await performOn('summary_ready_instant', deliveredTo('summary_ready_instant', from)[0]);
    expect(item?.id).toBe(summary.id);
    expect(item?.meeting_url).toBe(`${MEETING_PAGE}${meetingId}`);
    expect((await listed('summary_ready_instant'))[0]).toEqual(item);
    expect((await polled('summary_ready_instant'))[0]).toEqual(item);
  });

  it('unsubscribes when the Zap turns off: nothing more is delivered', async () => {
    for (const key of INSTANT) {
      await run(operation('triggers', key).performUnsubscribe, as({ subscribeData: subscriptions.get(key) }));
    }
    const from = receiver.received.length;
    await run(operation('creates', 'create_meeting').perform, as({ inputData: { title: 'After hours' } }));
    await runJobsUntil(server, () => false, 10);
    expect(receiver.received.slice(from)).toEqual([]);
  });

  it('a hook URL that answers 410 Gone ends its subscription; unsubscribing it later still succeeds', async () => {
    receiver.answer('/gone', 410);
    const subscription = (await run(
      operation('triggers', 'new_meeting').performSubscribe,
      as({ targetUrl: receiver.url('/gone') }),
    )) as { id: string };
    const from = receiver.received.length;
    await run(operation('creates', 'create_meeting').perform, as({ inputData: { title: 'Gone' } }));
    await runJobsUntil(server, () => receiver.received.length > from);
    expect(receiver.received.slice(from).map((d) => d.path)).toEqual(['/gone']);
    expect(await server.store.hookSubscriptions.get(subscription.id)).toBeUndefined();
    await run(operation('creates', 'create_meeting').perform, as({ inputData: { title: 'Gone again' } }));
    await runJobsUntil(server, () => false, 10);
    expect(receiver.received.length).toBe(from + 1);
    expect(
      await run(operation('triggers', 'new_meeting').performUnsubscribe, as({ subscribeData: subscription })),
    ).toEqual({ id: subscription.id });
  });
});

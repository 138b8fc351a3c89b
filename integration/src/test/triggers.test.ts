import { validate } from '@parley/schemas';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ZObject } from 'zapier-platform-core';
import { schemaExamples } from '../generated/service-data.js';
import { SAMPLE_ITEMS } from '../instant-trigger.factory.js';
import { App, appTester, bundleWith, caught, op, service } from './app.test-support.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

const triggers = [
  [
    'meeting_ended',
    '/api/partner/triggers/meeting-ended',
    schemaExamples.meetingEnded,
    'trigger-meeting-ended.item',
  ],
  [
    'summary_ready',
    '/api/partner/triggers/summary-ready',
    schemaExamples.summaryReady,
    'trigger-summary-ready.item',
  ],
  [
    'contact_discovered',
    '/api/partner/triggers/contact-discovered',
    schemaExamples.contactDiscovered,
    'trigger-contact-discovered.item',
  ],
  [
    'followup_email_ready',
    '/api/partner/triggers/followup-email-ready',
    schemaExamples.followupEmailReady,
    'trigger-followup-email-ready.item',
  ],
] as const;

/** n items of the example's shape with distinct ids, newest first. */
const itemsLike = (example: { id: string }, n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...example, id: `${example.id}_${i}` }));

describe.each(triggers)(
  '%s trigger (instant, listed by its polling route)',
  (key, path, example, schemaId) => {
    const event = path.slice(path.lastIndexOf('/') + 1);

    it('subscribes the Zap hook URL to its event and unsubscribes it by the subscription id', async () => {
      const hookUrl = 'https://hooks.zapier.com/hooks/standard/1/abc/';
      const subscription = {
        id: 'hook_1',
        event,
        target_url: hookUrl,
        created_at: '2026-11-25T10:00:00.000Z',
      };
      service().post('/api/partner/hooks', { event, target_url: hookUrl }).reply(200, subscription);
      const subscribed = await appTester(op.subscribe(key), bundleWith({ targetUrl: hookUrl }));
      expect(subscribed).toEqual(subscription);
      service().delete('/api/partner/hooks/hook_1').reply(200, subscription);
      expect(await appTester(op.unsubscribe(key), bundleWith({ subscribeData: subscription }))).toEqual(
        subscription,
      );
    });

    it('counts a subscription the service already ended as unsubscribed', async () => {
      service().delete('/api/partner/hooks/hook_gone').reply(404, { error: 'Hook subscription not found' });
      expect(
        await appTester(op.unsubscribe(key), bundleWith({ subscribeData: { id: 'hook_gone' } })),
      ).toEqual({
        id: 'hook_gone',
      });
    });

    it('turns a delivery into the one item it carries, and refuses one without an id', async () => {
      expect(await appTester(op.trigger(key), bundleWith({ cleanedRequest: example }))).toEqual([example]);
      const bad = await caught(appTester(op.trigger(key), bundleWith({ cleanedRequest: { title: 'x' } })));
      expect(bad.detail.message).toBe('Parley sent an event without an item id');
    });

    it('lists its route with the bearer and returns the items in the service order', async () => {
      const items = itemsLike(example, 5);
      service().get(path).reply(200, items);
      expect(await appTester(op.list(key), bundleWith())).toEqual(items);
    });

    it('keeps a sample load small', async () => {
      service().get(path).reply(200, itemsLike(example, 50));
      const loaded = (await appTester(
        op.list(key),
        bundleWith({ meta: { isLoadingSample: true } as never }),
      )) as [];
      expect(loaded).toHaveLength(SAMPLE_ITEMS);
    });

    it('returns nothing when nothing happened', async () => {
      service().get(path).reply(200, []);
      expect(await appTester(op.list(key), bundleWith())).toEqual([]);
    });

    it('refuses a list body that is not a list', async () => {
      service().get(path).reply(200, { success: true });
      expect((await caught(appTester(op.list(key), bundleWith()))).detail.message).toMatch(
        /other than a list/,
      );
    });

    it('has a static sample of the shape the service returns', () => {
      const sample = App.triggers?.[key]?.operation.sample;
      expect(validate(schemaId, structuredClone(sample)).ok).toBe(true);
    });
  },
);

describe('new_meeting trigger (instant on meeting-created)', () => {
  it('subscribes to meeting-created and lists the newest meetings without their profiles', async () => {
    const hookUrl = 'https://hooks.zapier.com/hooks/standard/1/new/';
    service().post('/api/partner/hooks', { event: 'meeting-created', target_url: hookUrl }).reply(200, {
      id: 'hook_2',
      event: 'meeting-created',
      target_url: hookUrl,
      created_at: '2026-11-25T10:00:00Z',
    });
    await appTester(op.subscribe('new_meeting'), bundleWith({ targetUrl: hookUrl }));
    service()
      .post('/v1/get-meetings', { limit: 50 })
      .reply(200, { success: true, has_more: false, meetings: [schemaExamples.listedMeeting] });
    const [listed] = (await appTester(op.list('new_meeting'), bundleWith())) as Record<string, unknown>[];
    expect(listed?.id).toBe(schemaExamples.listedMeeting.id);
    expect(listed).not.toHaveProperty('user_profiles');
    expect(validate('meeting', structuredClone(listed)).ok).toBe(true);
  });

  it('has a sample of the meeting shape', () => {
    expect(validate('meeting', structuredClone(App.triggers?.new_meeting?.operation.sample)).ok).toBe(true);
  });
});

describe('meetings_list (hidden, feeds the meeting dropdown)', () => {
  const meeting = (id: string, title: string, updated_at: string) => ({
    ...schemaExamples.listedMeeting,
    id,
    title,
    updated_at,
  });

  /** appTester gives no cursor store (z.cursor calls the platform), so the test supplies one. */
  const listPage = (store: Map<string, string>, page: number) =>
    appTester((z: ZObject, bundle: object) => {
      const cursor: ZObject['cursor'] = {
        get: async () => store.get('cursor') ?? '',
        set: async (value) => {
          store.set('cursor', value);
          return null;
        },
      };
      z.cursor = cursor;
      const perform = op.trigger('meetings_list') as (z: ZObject, bundle: object) => unknown;
      return perform(z, { ...bundle, meta: { page } });
    }, bundleWith());

  it('pages through get-meetings with the updated_at cursor and stops at the last page', async () => {
    const store = new Map<string, string>();
    service()
      .post('/v1/get-meetings', { limit: 50 })
      .reply(200, {
        success: true,
        has_more: true,
        meetings: [
          meeting('mtg_b', 'Board review', '2024-05-03T10:00:00Z'),
          meeting('mtg_a', '', '2024-05-02T10:00:00Z'),
        ],
      });
    const first = (await listPage(store, 0)) as { id: string; name: string }[];
    expect(first.map((m) => [m.id, m.name])).toEqual([
      ['mtg_b', 'Board review'],
      ['mtg_a', `Untitled meeting (${schemaExamples.listedMeeting.start_at})`],
    ]);
    expect(store.get('cursor')).toBe('2024-05-02T10:00:00Z');

    service()
      .post('/v1/get-meetings', { limit: 50, last_updated_at: '2024-05-02T10:00:00Z' })
      .reply(200, {
        success: true,
        has_more: false,
        meetings: [meeting('mtg_0', 'Kickoff', '2024-05-01T10:00:00Z')],
      });
    expect(((await listPage(store, 1)) as { id: string }[]).map((m) => m.id)).toEqual(['mtg_0']);
    expect(store.get('cursor')).toBe('');

    // No cursor left: "load more" returns nothing and asks the service for nothing.
    expect(await listPage(store, 2)).toEqual([]);
  });

  it('is hidden and can paginate', () => {
    const trigger = App.triggers?.meetings_list;
    expect(trigger?.display.hidden).toBe(true);
    expect(trigger?.operation.canPaginate).toBe(true);
  });
});

import { getSchema, validate } from '@parley/schemas';
import { triggerRoutes } from '@parley/schemas/routes';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ZObject } from 'zapier-platform-core';
import { SAMPLE_ITEMS } from '../event-trigger.factory.js';
import { schemaExamples } from '../generated/service-data.js';
import { App, appTester, bundleWith, caught, op, service } from './app.test-support.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
});

/**
 * The catalog's polling triggers, each with the app's key for it (its path segment in snake case),
 * its route, its item schema's first example and that schema: a catalog trigger the app lacks fails.
 */
const triggers = triggerRoutes.map((route) => {
  const item = `${route.name}.item`;
  const example = getSchema(item).examples?.[0] as { id: string };
  return [route.name.replace(/^trigger-/, '').replaceAll('-', '_'), route.path, example, item] as const;
});

/**
 * Meeting Ended adds each meeting's people, transcript and summary from three more routes: answered
 * here for `ids` (nock's interceptors are used once each, so every call is accounted for).
 */
function stubExtras(key: string, ids: string[]) {
  if (key !== 'meeting_ended_instant') return;
  for (const id of ids) {
    service()
      .post('/v1/get-meetings', { limit: 50 })
      .reply(200, {
        success: true,
        has_more: false,
        meetings: [
          {
            ...schemaExamples.listedMeeting,
            id,
            user_profiles: [
              { id: 'usr_host', name: 'Aiko Tanaka', email: 'aiko@example.com' },
              { id: 'em:lee@acme.com', name: 'lee@acme.com', email: 'lee@acme.com' },
            ],
          },
        ],
      });
    service()
      .post('/v1/get-meeting-transcripts', { meeting_id: id })
      .reply(200, {
        success: true,
        transcripts: [
          {
            id: 'trs_1',
            meeting_id: id,
            message_id: 'msg_1',
            utterances: [
              { speaker: '0', text: 'Ship on Friday.', start_seconds: 0, end_seconds: 2 },
              { speaker: '1', text: 'I will update the checklist.', start_seconds: 2, end_seconds: 4 },
            ],
          },
        ],
      });
    service()
      .get(`/api/partner/meetings/${id}`)
      .reply(200, {
        ...schemaExamples.partnerMeeting,
        id,
        latest_summary: {
          ai_model: 'x',
          created_at: '2024-05-02T10:00:00Z',
          markdown_body:
            '## Overview\n\nRelease.\n\n## Action items\n\n- [ ] Lee updates the checklist\n- Aiko books the room\n\n## Notes\n\n- not an action',
        },
      });
  }
}

/** n items of the example's shape with distinct ids, newest first. */
const itemsLike = (example: { id: string }, n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...example, id: `${example.id}_${i}` }));

describe.each(triggers)("%s trigger (polling, the spec's route)", (key, path, example, schemaId) => {
  it('stays a polling trigger, so Zaps built on it keep working on any deployment of the spec', () => {
    const operation = App.triggers?.[key]?.operation as unknown as Record<string, unknown>;
    expect(operation.type).toBe('polling');
    expect(operation).not.toHaveProperty('performSubscribe');
  });

  it('polls its route with the bearer and returns the items in the service order', async () => {
    const items = itemsLike(example, 5);
    service().get(path).reply(200, items);
    const polled = (await appTester(op.trigger(key), bundleWith())) as object[];
    expect(polled).toHaveLength(items.length);
    polled.forEach((item, i) => {
      expect(item).toMatchObject(items[i] as object);
    });
  });

  it('keeps a sample load small', async () => {
    service().get(path).reply(200, itemsLike(example, 50));
    const loaded = (await appTester(
      op.trigger(key),
      bundleWith({ meta: { isLoadingSample: true } as never }),
    )) as [];
    expect(loaded).toHaveLength(SAMPLE_ITEMS);
  });

  it('returns nothing when nothing happened', async () => {
    service().get(path).reply(200, []);
    expect(await appTester(op.trigger(key), bundleWith())).toEqual([]);
  });

  it('refuses a list body that is not a list', async () => {
    service().get(path).reply(200, { success: true });
    expect((await caught(appTester(op.trigger(key), bundleWith()))).detail.message).toMatch(
      /should be a list, not an object/,
    );
  });

  it('has a static sample of the shape the service returns', () => {
    const sample = App.triggers?.[key]?.operation.sample;
    expect(validate(schemaId, structuredClone(sample)).ok).toBe(true);
  });
});

describe.each(triggers)(
  '%s_instant trigger (REST hook, listed by its polling route)',
  (polledKey, path, example, schemaId) => {
    const key = `${polledKey}_instant`;
    const event = path.slice(path.lastIndexOf('/') + 1);

    it('is labelled instant and has the words and base fields of its polling trigger', () => {
      const [instant, polled] = [App.triggers?.[key], App.triggers?.[polledKey]];
      expect(instant?.operation.type).toBe('hook');
      expect(instant?.display.label).toBe(`${polled?.display.label} (Instant)`);
      expect(instant?.display.description).toBe(polled?.display.description);
      expect(instant?.operation.outputFields).toEqual(
        expect.arrayContaining(polled?.operation.outputFields ?? []),
      );
    });

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

    it('names its polling twin when the deployment has no hook subscriptions (404, 405)', async () => {
      const polled = App.triggers?.[polledKey]?.display.label;
      for (const status of [404, 405]) {
        service()
          .post('/api/partner/hooks')
          .reply(status, { success: false, error: 'Not found', code: 'NOT_FOUND' });
        const refused = await caught(
          appTester(op.subscribe(key), bundleWith({ targetUrl: 'https://hooks.zapier.com/1' })),
        );
        expect(refused.detail.message).toBe(
          `This service does not offer instant triggers (hook subscriptions); use the polling trigger '${polled}' instead.`,
        );
      }
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
      stubExtras(key, [example.id]);
      const [item] = (await appTester(op.trigger(key), bundleWith({ cleanedRequest: example }))) as object[];
      expect(item).toMatchObject(example);
      const bad = await caught(appTester(op.trigger(key), bundleWith({ cleanedRequest: { title: 'x' } })));
      expect(bad.detail).toMatchObject({
        message: expect.stringMatching(
          /^Parley sent an event that the Parley interface does not allow: "id" is missing;/,
        ),
        code: 'bad_response',
      });
    });

    it('lists its route with the bearer and returns the items in the service order', async () => {
      const items = itemsLike(example, key === 'meeting_ended_instant' ? SAMPLE_ITEMS : 5);
      service().get(path).reply(200, items);
      stubExtras(
        key,
        items.map((i) => i.id),
      );
      const listed = (await appTester(op.list(key), bundleWith())) as object[];
      expect(listed).toHaveLength(items.length);
      listed.forEach((item, i) => {
        expect(item).toMatchObject(items[i] as object);
      });
    });

    it('keeps a sample load small', async () => {
      const many = itemsLike(example, 50);
      service().get(path).reply(200, many);
      stubExtras(
        key,
        many.slice(0, SAMPLE_ITEMS).map((i) => i.id),
      );
      const loaded = (await appTester(
        op.list(key),
        bundleWith({ meta: { isLoadingSample: true } as never }),
      )) as [];
      expect(loaded).toHaveLength(SAMPLE_ITEMS);
    });

    it('has a static sample of the shape the service returns', () => {
      const sample = App.triggers?.[key]?.operation.sample;
      expect(validate(schemaId, structuredClone(sample)).ok).toBe(true);
    });
  },
);

describe('meeting_ended: what a Zap needs without another step', () => {
  const ended = {
    ...schemaExamples.meetingEnded,
    id: 'mtg_x',
    host_user_id: 'usr_host',
    start_at: '2024-05-02T09:00:00Z',
    end_at: '2024-05-02T09:42:17Z',
  };

  it('polling adds the duration from the polled item alone, with no other request', async () => {
    service().get('/api/partner/triggers/meeting-ended').reply(200, [ended]);
    expect(await appTester(op.trigger('meeting_ended'), bundleWith())).toEqual([
      { ...ended, duration_minutes: 42 },
    ]);
  });

  it('instant adds attendees, host, duration, transcript and the action items as line items', async () => {
    const item = ended;
    stubExtras('meeting_ended_instant', ['mtg_x']);
    const [enriched] = (await appTester(
      op.trigger('meeting_ended_instant'),
      bundleWith({ cleanedRequest: item }),
    )) as object[];
    expect(enriched).toEqual({
      ...item,
      attendees: [
        { id: 'usr_host', name: 'Aiko Tanaka', email: 'aiko@example.com' },
        { id: 'em:lee@acme.com', name: 'lee@acme.com', email: 'lee@acme.com' },
      ],
      host_name: 'Aiko Tanaka',
      host_email: 'aiko@example.com',
      duration_minutes: 42,
      transcript_text: 'Speaker 0: Ship on Friday.\nSpeaker 1: I will update the checklist.',
      summary_markdown: expect.stringContaining('## Action items'),
      action_items: [{ text: 'Lee updates the checklist' }, { text: 'Aiko books the room' }],
    });
  });
});

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
    // A delivery's keys (D006): what the spec returns on creation only is null in a listing.
    const { languages, allow_users_to_add_translation_languages, invitation_link_expires_at, ...meeting } =
      listed ?? {};
    expect([languages, allow_users_to_add_translation_languages, invitation_link_expires_at]).toEqual([
      null,
      null,
      null,
    ]);
    expect(validate('meeting', structuredClone(meeting)).ok).toBe(true);
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

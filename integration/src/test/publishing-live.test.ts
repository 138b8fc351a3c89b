// The platform's checks on what triggers return live (T002, T004–T006: the primary key and every sample
// key in live items) and D006 (a hook trigger's polled items have its deliveries' shape), offline: every
// visible trigger runs through appTester against a nock'd service answering with the schemas' examples,
// which are the service's own shapes. Each rule is also run on a seeded bad result.
import { getSchema } from '@parley/schemas';
import { triggerRoutes } from '@parley/schemas/routes';
import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaExamples } from '../generated/service-data.js';
import { App, appTester, BASE_URL, bundleWith } from './app.test-support.js';
import { hookShapeViolations, liveViolations, operationsOf } from './publishing-rules.test-support.js';

const itemOf = (route: (typeof triggerRoutes)[number]) =>
  getSchema(`${route.name}.item`).examples?.[0] as { id: string };
const meetingEnded = schemaExamples.meetingEnded;

/** The service as the schemas' examples describe it, for every route a trigger reads. */
function stubService() {
  const scope = nock(BASE_URL).persist();
  for (const route of triggerRoutes) scope.get(route.path).reply(200, [itemOf(route)]);
  scope.post('/v1/get-meetings').reply(200, {
    success: true,
    has_more: false,
    meetings: [
      {
        ...schemaExamples.listedMeeting,
        id: meetingEnded.id,
        user_profiles: [{ id: meetingEnded.host_user_id, name: 'Aiko Tanaka', email: 'aiko@example.com' }],
      },
    ],
  });
  scope.post('/v1/get-meeting-transcripts').reply(200, {
    success: true,
    transcripts: [{ ...schemaExamples.transcriptRecord, meeting_id: meetingEnded.id }],
  });
  scope.get(`/api/partner/meetings/${meetingEnded.id}`).reply(200, {
    ...schemaExamples.partnerMeeting,
    id: meetingEnded.id,
    latest_summary: {
      ...schemaExamples.partnerMeeting.latest_summary,
      markdown_body: '## Action items\n\n- [ ] Lee updates the release checklist',
    },
  });
}

type Perform = (z: unknown, bundle: unknown) => Promise<unknown[]>;
const triggers = App.triggers as unknown as Record<
  string,
  { operation: Record<string, Perform | string | undefined> }
>;
const visible = operationsOf(App).filter((o) => o.kind === 'trigger' && !o.hidden);

/** A trigger's live items: its poll, or for a hook trigger each polled item delivered to it. */
async function live(key: string): Promise<{ polled: unknown[]; items: unknown[] }> {
  const operation = triggers[key]?.operation ?? {};
  if (operation.type !== 'hook') {
    const items = (await appTester(operation.perform, bundleWith())) as unknown[];
    return { polled: items, items };
  }
  const polled = (await appTester(operation.performList, bundleWith())) as { id: string }[];
  // A delivery carries the event's item as the service posts it: the polled route's raw item.
  const raw = triggerRoutes.find((r) => key.startsWith(r.name.replace(/^trigger-/, '').replaceAll('-', '_')));
  const payload = raw ? itemOf(raw) : schemaExamples.createdMeeting;
  const items = (await appTester(operation.perform, bundleWith({ cleanedRequest: payload }))) as unknown[];
  return { polled, items };
}

describe('live results (T002, T004–T006) and hook shapes (D006)', () => {
  beforeAll(() => {
    nock.disableNetConnect();
    stubService();
  });
  afterAll(() => nock.cleanAll());

  it('covers every visible trigger, polling and instant', () => {
    expect(visible.map((o) => o.key)).toContain('meeting_ended_instant');
    expect(visible.length).toBe(2 * triggerRoutes.length + 1);
  });

  it.each(visible.map((o) => [o.key, o] as const))(
    '%s: live items carry the id and every sample key',
    async (_, o) => {
      const { items } = await live(o.key);
      expect(liveViolations(o, items)).toEqual([]);
    },
  );

  it.each(visible.filter((o) => o.type === 'hook').map((o) => [o.key]))(
    '%s: polled items have the shape of its deliveries (D006)',
    async (key) => {
      const { polled, items } = await live(key);
      expect(hookShapeViolations(key, polled, items)).toEqual([]);
    },
  );

  it('fails on seeded bad live results: no id, a sample key missing, a polled shape that differs', async () => {
    const o = visible.find((v) => v.key === 'summary_ready');
    if (!o) throw new Error('no summary_ready trigger');
    const { items } = await live(o.key);
    const [item] = items as Record<string, unknown>[];
    expect(liveViolations(o, [{ ...item, id: undefined }])).toEqual([
      'summary_ready: a live item has no id (T002)',
    ]);
    const { markdown_body: _, ...without } = item ?? {};
    expect(liveViolations(o, [without])).toEqual([
      'summary_ready: sample key markdown_body is in no live item',
    ]);
    expect(liveViolations(o, [])).toEqual(['summary_ready: returned no item']);
    expect(hookShapeViolations('summary_ready_instant', [without], items).join()).toContain(
      'only delivered: markdown_body',
    );
  });
});

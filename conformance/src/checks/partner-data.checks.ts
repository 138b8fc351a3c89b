import { validate } from '@parley/schemas';
import { DocumentCallbackStatus, Limits } from '@parley/schemas/constants';
import { Webhook } from 'standardwebhooks';
import { expectAnswer } from '../answer.js';
import { startCallbackReceiver } from '../callback-receiver.js';
import { couldNotJudge, expect, fail, skip } from '../check.js';
import type { CheckContext } from '../context.js';
import { excerpt } from '../http-client.js';
import { partnerBearer, partnerGet } from '../partner-oauth.js';
import { expectStatus } from '../schema-check.js';
import { define } from './define.js';

// Partner checks of what the interface serves with a bearer token: the four triggers, meeting
// details and generate-document (synchronous, and with a callback to the kit's own receiver whose
// Standard Webhooks signature is verified with the `standardwebhooks` package).

/** The triggers and the field each one is ordered by (newest first). */
export const TRIGGERS = [
  { name: 'meeting-ended', newestBy: 'end_at' },
  { name: 'summary-ready', newestBy: 'created_at' },
  { name: 'contact-discovered', newestBy: 'created_at' },
  { name: 'followup-email-ready', newestBy: 'created_at' },
] as const;

type Item = Record<string, unknown> & { id: string };

/** One trigger's items, checked: 200, an array of at most 50 schema-valid items, unique ids, newest first. */
async function triggerItems(ctx: CheckContext, trigger: (typeof TRIGGERS)[number]): Promise<Item[]> {
  const what = `trigger ${trigger.name}`;
  const reply = await partnerGet(ctx, `/api/partner/triggers/${trigger.name}`);
  expectStatus(reply, 200, what);
  expect(Array.isArray(reply.body), `${what}: the answer is not a JSON array: ${reply.text.slice(0, 200)}`);
  const items = reply.body as Item[];
  expect(
    items.length <= Limits.triggerItems,
    `${what}: ${items.length} items, more than ${Limits.triggerItems}`,
  );
  items.forEach((item, index) => {
    const result = validate(`trigger-${trigger.name}.item`, structuredClone(item));
    if (!result.ok) {
      const first = result.detail[0];
      fail(
        `${what}: item ${index} does not match its schema at ${JSON.stringify(first?.loc)}: ${first?.msg}`,
      );
    }
  });
  const seen = new Set<string>();
  for (const item of items) {
    expect(!seen.has(item.id), `${what}: id "${item.id}" appears twice (ids are deduplication keys)`);
    seen.add(item.id);
  }
  for (let i = 1; i < items.length; i++) {
    const [newer, older] = [items[i - 1], items[i]].map((x) => Date.parse(String(x?.[trigger.newestBy])));
    expect(
      (newer ?? 0) >= (older ?? 0),
      `${what}: item ${i} (${trigger.newestBy} ${String(items[i]?.[trigger.newestBy])}) is newer than item ${i - 1}: not newest first`,
    );
  }
  return items;
}

/** A trigger's items as answered, unjudged (partner.04 judges them): empty when it answers no array. */
async function listed(ctx: CheckContext, trigger: (typeof TRIGGERS)[number]): Promise<Item[]> {
  const reply = await partnerGet(ctx, `/api/partner/triggers/${trigger.name}`);
  return reply.status === 200 && Array.isArray(reply.body) ? (reply.body as Item[]) : [];
}

/**
 * A meeting of the user to work on: the newest summarized meeting that has ended (an ended meeting
 * is one no check of the run creates or deletes, whatever runs beside), else the newest summarized
 * one, else the newest ended one.
 */
async function subjectMeeting(ctx: CheckContext): Promise<{ id: string; summary?: Item }> {
  const time = (item: Item, field: string) => Date.parse(String(item[field]));
  const newest = (items: Item[], field: string) =>
    [...items].sort((a, b) => time(b, field) - time(a, field))[0];
  // Never one of the run's own meetings (titled with the run id): another lane may be deleting it.
  const runs = (title: unknown) => String(title ?? '').startsWith(ctx.target.runId);
  const summaries = (await listed(ctx, TRIGGERS[1])).filter((s) => !runs(s.meeting_title));
  const ended = (await listed(ctx, TRIGGERS[0])).filter((m) => !runs(m.title));
  const endedIds = new Set(ended.map((m) => m.id));
  const summary =
    newest(
      summaries.filter((s) => endedIds.has(String(s.meeting_id))),
      'created_at',
    ) ?? newest(summaries, 'created_at');
  if (summary) return { id: String(summary.meeting_id), summary };
  const last = newest(ended, 'end_at');
  if (last) return { id: last.id };
  return couldNotJudge(
    'the user has no summarized or ended meeting (both triggers are empty): nothing to ask about',
  );
}

const CALLBACK_WAIT_MS = 60_000;

export const partnerDataChecks = [
  define({
    id: 'partner.04.triggers',
    title: 'Each trigger: a JSON array, newest first, at most 50, unique ids, items of the schema',
    area: 'partner',
    clause:
      'Automation-platform interface: trigger routes return a JSON array sorted newest first, at most 50 items, id the deduplication key',
    spec: "Trigger routes are `GET`, return a JSON array sorted newest first, at most 50 items, and each item's `id` is its deduplication key.",
    level: 'MUST',
    async run(ctx) {
      const counts: string[] = [];
      for (const trigger of TRIGGERS)
        counts.push(`${trigger.name} ${(await triggerItems(ctx, trigger)).length}`);
      if (counts.every((c) => c.endsWith(' 0'))) {
        couldNotJudge('every trigger is empty: order, ids and item shapes could not be judged');
      }
      return counts.join(', ');
    },
  }),
  define({
    id: 'partner.05.meeting-details',
    title: 'Meeting details with the latest summary',
    area: 'partner',
    clause:
      'Automation-platform interface: GET /api/partner/meetings/{id}, meeting details with the latest AI summary',
    spec: 'GET /api/partner/meetings/{id} | meeting details with the latest AI summary',
    level: 'MUST',
    async run(ctx) {
      const meeting = await subjectMeeting(ctx);
      const path = `/api/partner/meetings/${encodeURIComponent(meeting.id)}`;
      const reply = await partnerGet(ctx, path);
      expectStatus(reply, 200, path);
      const details = expectAnswer('partner-meeting.response', reply, path);
      expect(details.id === meeting.id, `${path}: id is "${details.id}"`);
      const summary = meeting.summary;
      if (!summary) return couldNotJudge('the user has no summary: latest_summary could not be judged');
      const latest = details.latest_summary;
      expect(latest, `${path}: latest_summary is null, but summary-ready lists a summary of the meeting`);
      expect(
        latest.markdown_body === summary.markdown_body &&
          latest.ai_model === summary.ai_model &&
          Date.parse(String(latest.created_at)) === Date.parse(String(summary.created_at)),
        `${path}: latest_summary (created ${String(latest.created_at)}) is not the newest summary summary-ready lists (created ${String(summary.created_at)})`,
      );
      return `meeting ${meeting.id}`;
    },
  }),
  define({
    id: 'partner.06.generate-document',
    title: 'generate-document: synchronous, and with a callback to the kit (signature verified)',
    area: 'partner',
    clause: 'Automation-platform interface: generate-document; Events: Callback',
    spec: 'Without callback_url the response is {success, meeting_id, document_text, message}. With callback_url [...] the service sends a POST to callback_url with {status (`success`), meeting_id, document_text, created_at}.',
    choices: 'callbacks signed with Standard Webhooks (judged only when --webhook-secret is given)',
    level: 'MUST',
    async run(ctx) {
      const meeting = await subjectMeeting(ctx);
      const path = `/api/partner/meetings/${encodeURIComponent(meeting.id)}/generate-document`;
      const post = async (body: Record<string, unknown>) =>
        ctx.http.send(ctx.partnerUrl(path), {
          method: 'POST',
          headers: { authorization: `Bearer ${await partnerBearer(ctx)}` },
          body,
        });
      const prompt = 'A short brief of this meeting for the team.';
      const sync = await post({ prompt });
      expectStatus(sync, 200, 'generate-document');
      const doc = expectAnswer('generate-document.response', sync, 'generate-document');
      expect(doc.success === true, `generate-document: success is ${doc.success}`);
      expect(doc.meeting_id === meeting.id, `generate-document: meeting_id is "${doc.meeting_id}"`);
      expect((doc.document_text ?? '').trim().length > 0, 'generate-document: document_text is empty');
      if (!ctx.target.callback) {
        return skip(
          'the synchronous answer conforms; the callback needs --callback-url (and --webhook-secret)',
        );
      }
      const receiver = await startCallbackReceiver(ctx.target.callback.listen, ctx.target.callback.url);
      try {
        const url = `${receiver.url}${receiver.url.includes('?') ? '&' : '?'}run=${encodeURIComponent(ctx.target.runId)}`;
        const accepted = await post({ prompt, callback_url: url });
        expectStatus(accepted, 200, 'generate-document with callback_url');
        const ack = expectAnswer(
          'generate-document-accepted.response',
          accepted,
          'generate-document with callback_url',
        );
        expect(
          ack.success === true && ack.meeting_id === meeting.id,
          'generate-document with callback_url: not accepted for the meeting',
        );
        const delivery = await receiver.next(
          (d) => d.path.includes(encodeURIComponent(ctx.target.runId)),
          Math.min(ctx.target.timeoutMs, CALLBACK_WAIT_MS),
        );
        expect(
          delivery,
          `no callback reached ${url} within ${Math.min(ctx.target.timeoutMs, CALLBACK_WAIT_MS) / 1000} s`,
        );
        ctx.extra.push({
          method: 'POST (received)',
          url,
          requestHeaders: Object.fromEntries(
            Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]),
          ),
          requestBody: excerpt(delivery.body),
          status: 200,
          repro: `# the deployment POSTed this to the kit's receiver at ${url}`,
        });
        let body: unknown;
        try {
          body = JSON.parse(delivery.body);
        } catch {
          fail(`the callback body is not JSON: ${delivery.body.slice(0, 200)}`);
        }
        const shape = validate('generate-document-callback', structuredClone(body));
        if (!shape.ok)
          return fail(
            `the callback body does not match its schema at ${JSON.stringify(shape.detail[0]?.loc)}: ${shape.detail[0]?.msg}`,
          );
        const callback = shape.value;
        expect(
          callback.status === DocumentCallbackStatus.SUCCESS,
          `the callback's status is "${callback.status}", not "success"`,
        );
        expect(callback.meeting_id === meeting.id, `the callback's meeting_id is "${callback.meeting_id}"`);
        expect((callback.document_text ?? '').trim().length > 0, "the callback's document_text is empty");
        if (!ctx.target.webhookSecret) {
          return skip(
            'the synchronous answer and the callback conform; verifying its signature needs --webhook-secret',
          );
        }
        try {
          new Webhook(ctx.target.webhookSecret).verify(
            delivery.body,
            delivery.headers as Record<string, string>,
          );
        } catch (error) {
          fail(
            `the callback's signature does not verify (Standard Webhooks, --webhook-secret): ${(error as Error).message}`,
          );
        }
        return `document of ${(doc.document_text ?? '').length} chars; callback delivered and verified`;
      } finally {
        await receiver.close();
      }
    },
  }),
];
